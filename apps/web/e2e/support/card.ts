import type { Locator } from 'playwright-core';
import { inject } from 'vitest';
import { api } from './api';

/** The PSP's test Mastercard; the cardholder's name decides: APRO approves, FUND has no funds. */
export const TEST_CARD = { number: '5031 4332 1540 6351', cvv: '123', cpf: '123.456.789-09' };

/** A card tokenized as the browser does it, for orders made through the API. */
export async function approvedCard(holder = 'APRO') {
  const { card } = await api<{ card: { publicKey: string; tokenizeUrl: string } }>('/payments/config');
  const url = new URL(card.tokenizeUrl, inject('baseUrl'));
  url.searchParams.set('public_key', card.publicKey);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: TEST_CARD.number.replace(/\D/g, ''),
      expiration_month: 11,
      expiration_year: new Date().getFullYear() + 2,
      security_code: TEST_CARD.cvv,
      cardholder: { name: holder, identification: { type: 'CPF', number: '12345678909' } },
    }),
  });
  const { id } = (await res.json()) as { id: string };
  return { token: id, installments: 1, paymentMethodId: 'master' };
}

/** Fills the payment dialog's card form. */
export async function fillCard(dialog: Locator, holder = 'APRO', installments?: string) {
  await dialog.getByLabel('Número do cartão').fill(TEST_CARD.number);
  await dialog.getByLabel('Nome impresso no cartão').fill(holder);
  await dialog.getByLabel('Validade (MM/AA)').fill(`11/${String(new Date().getFullYear() + 2).slice(2)}`);
  await dialog.getByLabel('CVV').fill(TEST_CARD.cvv);
  await dialog.getByLabel('CPF do titular').fill(TEST_CARD.cpf);
  if (installments) {
    const select = dialog.getByLabel('Parcelas');
    await select.locator('option', { hasText: installments }).first().waitFor({ state: 'attached' });
    await select.selectOption({
      label: (await select.locator('option', { hasText: installments }).first().textContent()) ?? '',
    });
  }
}
