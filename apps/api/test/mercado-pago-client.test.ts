import { createHmac } from 'node:crypto';
import { getBoletoInfo, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import {
  boletoBarcode,
  boletoLineOf,
  mod10,
  mod11,
  type RunningCardStandIn,
  startCardStandIn,
} from '@petshop/sandbox/testing';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMercadoPago, MpRequestError, type NewMpPayment } from '../src/modules/payments/mercado-pago-client';
import { PspUnavailableError } from '../src/modules/payments/pix-api-client';
import { CARD_PSP } from './support/card-psp';

let psp: RunningCardStandIn;
let mp: ReturnType<typeof createMercadoPago>;
const received: { query: Record<string, string>; headers: Record<string, string | string[] | undefined> }[] = [];
const receiver = Fastify({ logger: false, forceCloseConnections: true });
let seq = 0;
const key = () => {
  seq += 1;
  return `chave-${Date.now()}-${seq}`;
};

beforeAll(async () => {
  receiver.post('/hook', async (request) => {
    received.push({ query: request.query as Record<string, string>, headers: request.headers });
    return {};
  });
  await receiver.listen({ port: 0, host: '127.0.0.1' });
  const hook = `http://127.0.0.1:${(receiver.server.address() as { port: number }).port}/hook`;
  psp = await startCardStandIn({ ...CARD_PSP, webhookUrl: () => hook });
  mp = createMercadoPago({ baseUrl: psp.url, accessToken: CARD_PSP.accessToken, timeoutMs: 1000 });
});
afterAll(async () => {
  await psp.stop();
  await receiver.close();
});

const payer = { email: 'cliente@exemplo.com.br', identification: { type: 'CPF' as const, number: '12345678909' } };
const cardPayment = async (holder: string, amount = 100, installments = 1): Promise<NewMpPayment> => ({
  transaction_amount: amount,
  description: 'Pedido 1',
  payment_method_id: 'master',
  token: await psp.token(holder),
  installments,
  payer,
  external_reference: '1',
});

describe('card payments on the Mercado Pago stand-in, over HTTP', () => {
  it('approves APRO with its installments and the card last four digits, nothing more', async () => {
    const payment = await mp.createPayment(await cardPayment('APRO', 100, 3), key());
    expect(payment.status).toBe('approved');
    expect(payment.status_detail).toBe('accredited');
    expect(payment.installments).toBe(3);
    expect(payment.card?.last_four_digits).toBe('6351');
    expect(payment.transaction_details?.installment_amount).toBe(33.33);
    expect(JSON.stringify(payment)).not.toContain('5031433215406351');
    expect((await mp.getPayment(String(payment.id)))?.status).toBe('approved');
  });

  it.each([
    ['OTHE', 'cc_rejected_other_reason'],
    ['FUND', 'cc_rejected_insufficient_amount'],
    ['SECU', 'cc_rejected_bad_filled_security_code'],
    ['CALL', 'cc_rejected_call_for_authorize'],
  ])('rejects %s with %s', async (holder, detail) => {
    const payment = await mp.createPayment(await cardPayment(holder), key());
    expect(payment.status).toBe('rejected');
    expect(payment.status_detail).toBe(detail);
  });

  it('leaves CONT in process and asks CHAL for a 3DS challenge', async () => {
    expect((await mp.createPayment(await cardPayment('CONT'), key())).status).toBe('in_process');
    const challenged = await mp.createPayment(await cardPayment('CHAL'), key());
    expect(challenged.status).toBe('pending');
    expect(challenged.status_detail).toBe('pending_challenge');
    // The challenge's own random id, not the payment's.
    expect(challenged.three_ds_info?.external_resource_url).toMatch(/\/sandbox\/3ds\/[\w-]{24}$/);
    expect(challenged.three_ds_info?.external_resource_url).not.toContain(String(challenged.id));
  });

  it('answers the same payment for the same X-Idempotency-Key and charges once', async () => {
    const body = await cardPayment('APRO');
    const k = key();
    const before = psp.cards.paymentsCreated();
    const first = await mp.createPayment(body, k);
    const again = await mp.createPayment(body, k);
    expect(again.id).toBe(first.id);
    expect(psp.cards.paymentsCreated()).toBe(before + 1);
  });

  it('refuses a token used twice and a brand that is not the card', async () => {
    const body = await cardPayment('APRO');
    await mp.createPayment(body, key());
    await expect(mp.createPayment(body, key())).rejects.toBeInstanceOf(MpRequestError);
    const visa = { ...(await cardPayment('APRO')), payment_method_id: 'visa' };
    await expect(mp.createPayment(visa, key())).rejects.toBeInstanceOf(MpRequestError);
  });

  it('lists installments up to 12x with each amount and total; debit 1x only', async () => {
    const costs = await mp.installments(100, 'master');
    expect(costs).toHaveLength(12);
    expect(costs[0]).toMatchObject({ installments: 1, installment_amount: 100, total_amount: 100 });
    expect(costs[2]).toMatchObject({ installments: 3, total_amount: 100 });
    expect(costs[11]?.total_amount).toBeGreaterThan(100);
    expect(await mp.installments(100, 'debelo')).toHaveLength(1);
  });

  it('refunds partly, then the rest, and refuses more than was paid; the same key refunds once', async () => {
    const payment = await mp.createPayment(await cardPayment('APRO', 50), key());
    const k = key();
    const part = await mp.refund(String(payment.id), 20, k);
    expect(part.amount).toBe(20);
    expect((await mp.refund(String(payment.id), 20, k)).id).toBe(part.id);
    await expect(mp.refund(String(payment.id), 30.01, key())).rejects.toBeInstanceOf(MpRequestError);
    await mp.refund(String(payment.id), undefined, key());
    const after = await mp.getPayment(String(payment.id));
    expect(after?.status).toBe('refunded');
    expect(after?.transaction_amount_refunded).toBe(50);
  });

  it('registers a boleto with its barcode, digitable line and PDF', async () => {
    const payment = await mp.createPayment(
      {
        transaction_amount: 123.45,
        description: 'Pedido 2',
        payment_method_id: 'bolbradesco',
        payer: {
          ...payer,
          first_name: 'Maria',
          last_name: 'Silva',
          address: {
            zip_code: '01310100',
            street_name: 'Avenida Paulista',
            street_number: '100',
            neighborhood: 'Bela Vista',
            city: 'São Paulo',
            federal_unit: 'SP',
          },
        },
        external_reference: '2',
        date_of_expiration: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
      key(),
    );
    expect(payment.status).toBe('pending');
    const line = payment.transaction_details?.digitable_line ?? '';
    expect(line).toMatch(/^\d{47}$/);
    expect(isValidBoleto(line)).toBe(true);
    expect(getBoletoInfo(line)?.amount).toBe(12345);
    expect(payment.transaction_details?.barcode?.content).toMatch(/^237\d{41}$/);
    const pdf = await fetch(payment.transaction_details?.external_resource_url ?? '');
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-')).toBe(true);
  });

  it('signs its webhooks over id, request-id and ts', async () => {
    const payment = await mp.createPayment(await cardPayment('APRO'), key());
    await psp.cards.whenIdle();
    const hit = received.find((r) => r.query['data.id'] === String(payment.id));
    expect(hit?.query.type).toBe('payment');
    const signature = String(hit?.headers['x-signature']);
    const ts = /ts=(\d+)/.exec(signature)?.[1];
    const v1 = /v1=([0-9a-f]+)/.exec(signature)?.[1];
    const manifest = `id:${payment.id};request-id:${hit?.headers['x-request-id']};ts:${ts};`;
    expect(v1).toBe(createHmac('sha256', CARD_PSP.webhookSecret).update(manifest).digest('hex'));
  });

  it('is unavailable when down, slow or called with a wrong access token', async () => {
    psp.cards.faults.mode = 'down';
    await expect(mp.getPayment('1')).rejects.toBeInstanceOf(PspUnavailableError);
    psp.cards.faults.mode = 'slow';
    psp.cards.faults.slowMs = 1500;
    await expect(mp.installments(10, 'master')).rejects.toBeInstanceOf(PspUnavailableError);
    psp.cards.faults.mode = 'ok';
    const wrong = createMercadoPago({ baseUrl: psp.url, accessToken: 'wrong', timeoutMs: 1000 });
    await expect(wrong.getPayment('1')).rejects.toBeInstanceOf(PspUnavailableError);
  });
});

describe('boleto line of the stand-in', () => {
  it('computes the check digits of known vectors', () => {
    // Carta-Circular 2.926 example digits: módulo 10 of "001905009" is 5; módulo 11 gives 1 for 0, 10 and 11.
    expect(mod10('001905009')).toBe(5);
    expect(mod11('0019373700000001000500940144816060680935031')).toBe(3);
  });

  it('builds a line the reference parser reads back', () => {
    const line = boletoLineOf(
      boletoBarcode({
        bank: '001',
        due: new Date(Date.UTC(2026, 5, 15)),
        amountCents: 123456,
        freeField: '0000000000001234567890123',
      }),
    );
    expect(isValidBoleto(line)).toBe(true);
    const info = getBoletoInfo(line, { referenceDate: new Date(Date.UTC(2026, 5, 1)) });
    expect(info?.amount).toBe(123456);
    expect(info?.bankCode).toBe('001');
    expect(info?.expirationDate?.toISOString().slice(0, 10)).toBe('2026-06-15');
  });
});
