import { TEST_CARDS } from '@petshop/sandbox/testing';

const CARD_METHODS = ['Cartão de Crédito', 'Cartão de Débito'];

/**
 * A card as the browser sends it: tokenized at the shop's configured tokenizeUrl (the PSP's
 * /v1/card_tokens), never at the shop's API. The cardholder name decides the outcome (APRO…).
 */
export async function cardFor(
  base: string,
  {
    holder = 'APRO',
    debit = false,
    installments = 1,
  }: { holder?: string; debit?: boolean; installments?: number } = {},
) {
  const config = (await (await fetch(`${base}/api/payments/config`)).json()) as {
    data: { card: { publicKey: string; tokenizeUrl: string } };
  };
  const { publicKey, tokenizeUrl } = config.data.card;
  const card = debit ? TEST_CARDS.eloDebit : TEST_CARDS.master;
  const url = new URL(tokenizeUrl, base);
  url.searchParams.set('public_key', publicKey);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: card.number,
      expiration_month: 11,
      expiration_year: new Date().getFullYear() + 2,
      security_code: card.cvv,
      cardholder: { name: holder, identification: { type: 'CPF', number: '12345678909' } },
    }),
  });
  if (res.status !== 201) throw new Error(`card token failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { token: id, installments, paymentMethodId: card.paymentMethodId };
}

/** The payload with an approving test card added when it pays by card and carries none. */
export async function withCard<T extends { paymentMethod?: unknown; card?: unknown }>(base: string, payload: T) {
  if (typeof payload.paymentMethod !== 'string' || !CARD_METHODS.includes(payload.paymentMethod) || payload.card) {
    return payload;
  }
  return { ...payload, card: await cardFor(base, { debit: payload.paymentMethod === 'Cartão de Débito' }) };
}
