import { formatMoney, fromCents, type PosMethod, type posSaleBody, toCents } from '@petshop/domain';
import type { z } from 'zod';
import { badRequest } from '../../lib/app-error';
import type { CounterPart } from '../payments/counter-payments';

type SaleInput = z.output<typeof posSaleBody>;

const CARD_METHODS: readonly PosMethod[] = ['Cartão de Crédito', 'Cartão de Débito'];

export interface PlannedPayment {
  method: PosMethod;
  amountCents: number;
  receivedCents: number | null;
  installments: number | null;
  nsu: string | null;
  authorizationCode: string | null;
}

/**
 * Payments must cover the total. Only cash may pass it: the excess comes off the cash payments
 * (the last first) and, with whatever was handed over beyond them, is the change.
 */
export function planPayments(totalCents: number, given: SaleInput['payments']) {
  const planned: PlannedPayment[] = given.map((p, index) => {
    const amountCents = toCents(p.amount);
    const field = `payments.${index}`;
    if (p.method === 'Dinheiro') {
      const receivedCents = p.received === undefined ? amountCents : toCents(p.received);
      if (receivedCents < amountCents)
        throw badRequest('O valor recebido em dinheiro é menor que o pagamento.', 'RECEIVED_TOO_LOW');
      return { method: p.method, amountCents, receivedCents, installments: null, nsu: null, authorizationCode: null };
    }
    if (p.received !== undefined)
      throw badRequest(`Valor recebido só vale para dinheiro (${field}).`, 'RECEIVED_NOT_CASH');
    if (CARD_METHODS.includes(p.method)) {
      if (!p.nsu) throw badRequest('Informe o NSU do comprovante da maquininha.', 'NSU_REQUIRED');
      const installments = p.method === 'Cartão de Débito' ? 1 : (p.installments ?? 1);
      if (p.method === 'Cartão de Débito' && p.installments !== undefined && p.installments !== 1)
        throw badRequest('Cartão de débito é sempre à vista (1 parcela).', 'DEBIT_ONE_INSTALLMENT');
      return {
        method: p.method,
        amountCents,
        receivedCents: null,
        installments,
        nsu: p.nsu,
        authorizationCode: p.authorizationCode ?? null,
      };
    }
    if (p.nsu || p.authorizationCode || p.installments !== undefined)
      throw badRequest('NSU, autorização e parcelas valem só para cartão.', 'CARD_FIELDS_NOT_CARD');
    return {
      method: p.method,
      amountCents,
      receivedCents: null,
      installments: null,
      nsu: null,
      authorizationCode: null,
    };
  });
  if (planned.filter((p) => p.method === 'Pix').length > 1) throw badRequest('Use um só Pix por venda.', 'ONE_PIX');
  const paid = planned.reduce((sum, p) => sum + p.amountCents, 0);
  if (paid < totalCents)
    throw badRequest(
      `Os pagamentos não cobrem o total: faltam ${formatMoney(fromCents(totalCents - paid))}.`,
      'PAYMENTS_SHORT',
    );
  let excess = paid - totalCents;
  const cash = planned.reduce((sum, p) => sum + (p.method === 'Dinheiro' ? p.amountCents : 0), 0);
  if (excess > cash)
    throw badRequest('Só o dinheiro pode passar do total (o troco). Ajuste os outros pagamentos.', 'PAYMENTS_OVER');
  for (const p of [...planned].reverse()) {
    if (excess === 0) break;
    if (p.method !== 'Dinheiro') continue;
    const off = Math.min(excess, p.amountCents);
    p.amountCents -= off;
    excess -= off;
  }
  const kept = planned.filter((p) => p.amountCents > 0);
  const changeCents = planned.reduce(
    (sum, p) => sum + (p.receivedCents !== null ? p.receivedCents - p.amountCents : 0),
    0,
  );
  return { payments: kept, changeCents };
}

/** Cash and the store's terminal card: the counter's own money, recorded without a PSP. */
export const isCounterPart = (p: PlannedPayment): p is PlannedPayment & { method: CounterPart['method'] } =>
  p.method !== 'Pix';
