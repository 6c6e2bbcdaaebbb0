import { z } from 'zod';
import { PAYMENT_STATUS } from '../constants';
import { LEDGER_METHODS, type LedgerMethod, PAYMENT_OWNER_KINDS } from '../ledger';
import { idField, paginationQuery } from './common';
import { calendarDate } from './dates';

/**
 * GET /admin/payments: every filter optional; `from`/`to` are business days (America/Sao_Paulo),
 * both included, of when the payment was made.
 */
export const adminPaymentsQuery = paginationQuery
  .extend({
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    method: z.enum(LEDGER_METHODS, { error: 'Método de pagamento inválido.' }).optional(),
    storeId: idField('Loja inválida.').optional(),
    status: z.enum(PAYMENT_STATUS, { error: 'Status de pagamento inválido.' }).optional(),
    ownerKind: z
      .enum(PAYMENT_OWNER_KINDS, { error: 'Origem inválida: use order, pos_sale ou subscription_cycle.' })
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'A data inicial deve ser anterior à final.',
    path: ['to'],
  });
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuery>;

/** One payment of the ledger (API.md 'One ledger for money'), amounts in reais. */
export const ledgerPayment = z.object({
  id: z.number(),
  owner: z.object({ kind: z.enum(PAYMENT_OWNER_KINDS), id: z.number() }),
  storeId: z.number().nullable(),
  method: z.enum(LEDGER_METHODS),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUS),
  /** given back so far (refunds concluded or under way) */
  refunded: z.number(),
  pspPaymentId: z.string().optional(),
  txid: z.string().optional(),
  nsu: z.string().optional(),
  installments: z.number().optional(),
  cardBrand: z.string().optional(),
  cardLast4: z.string().optional(),
  createdAt: z.string(),
  settledAt: z.string().optional(),
});
export type LedgerPayment = z.infer<typeof ledgerPayment>;

/**
 * The page and, over every payment the filters match (not only this page): what came in by each
 * method (payments whose money arrived, refunded or not) and what went back.
 */
export const ledgerPaymentsMeta = z.object({
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
  /** one key per LEDGER_METHODS entry, 0 when none */
  totals: z.object({
    'Cartão de Débito': z.number(),
    'Cartão de Crédito': z.number(),
    Pix: z.number(),
    Boleto: z.number(),
    'Pix Automático': z.number(),
    Dinheiro: z.number(),
  }) satisfies z.ZodType<Record<LedgerMethod, number>>,
  refunded: z.number(),
});
export type LedgerPaymentsMeta = z.infer<typeof ledgerPaymentsMeta>;

export const ledgerPaymentList = z.object({ data: z.array(ledgerPayment), meta: ledgerPaymentsMeta });
export type LedgerPaymentList = z.infer<typeof ledgerPaymentList>;
