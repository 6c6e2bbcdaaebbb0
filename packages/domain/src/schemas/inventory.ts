import { z } from 'zod';
import { idField, paginationQuery, positiveInt } from './common';
import { calendarDate } from './dates';

/** Why stock moved: every change of stock is one movement with one of these (API.md). */
export const STOCK_REASONS = [
  'venda_online',
  'venda_balcao',
  'devolucao',
  'ajuste',
  'perda',
  'transferencia',
  'compra',
  'cancelamento',
  'expiracao',
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** What a person may record by hand (the rest come from sales, orders, transfers and purchases). */
export const ADJUSTMENT_REASONS = ['ajuste', 'perda', 'devolucao'] as const satisfies readonly StockReason[];

export const STOCK_REASON_LABELS: Readonly<Record<StockReason, string>> = {
  venda_online: 'Venda online',
  venda_balcao: 'Venda no balcão',
  devolucao: 'Devolução',
  ajuste: 'Ajuste',
  perda: 'Perda',
  transferencia: 'Transferência',
  compra: 'Compra',
  cancelamento: 'Cancelamento',
  expiracao: 'Expiração',
};

const MAX_QUANTITY = 1_000_000;

const storeRef = positiveInt('Selecione uma loja.');
const productRef = positiveInt('Selecione um produto.');

export const stockAdjustmentBody = z.object({
  storeId: storeRef,
  productId: productRef,
  delta: z
    .number({ error: 'Informe a quantidade.' })
    .int('A quantidade deve ser um número inteiro.')
    .min(-MAX_QUANTITY, 'Quantidade acima do permitido.')
    .max(MAX_QUANTITY, 'Quantidade acima do permitido.')
    .refine((v) => v !== 0, 'A quantidade não pode ser zero.'),
  reason: z.enum(ADJUSTMENT_REASONS, { error: 'Selecione o motivo: ajuste, perda ou devolução.' }),
  note: z.string().trim().max(500, 'Use no máximo 500 caracteres.').default(''),
});
export type StockAdjustmentBody = z.input<typeof stockAdjustmentBody>;

export const stockMovement = z.object({
  id: z.number(),
  productId: z.number(),
  storeId: z.number(),
  delta: z.number(),
  reason: z.enum(STOCK_REASONS),
  ref: z.string().nullable(),
  note: z.string(),
  userId: z.number().nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovement>;

const optionalId = (message: string) => idField(message).optional();

export const stockMovementsQuery = paginationQuery.extend({
  productId: optionalId('Produto inválido.'),
  storeId: optionalId('Loja inválida.'),
  /** from this São Paulo day on */
  from: calendarDate('Informe a data inicial válida (AAAA-MM-DD).').optional(),
  /** up to this São Paulo day, included */
  to: calendarDate('Informe a data final válida (AAAA-MM-DD).').optional(),
});
export type StockMovementsQuery = z.infer<typeof stockMovementsQuery>;

export const productStockRow = z.object({ storeId: z.number(), storeName: z.string(), quantity: z.number() });
export type ProductStockRow = z.infer<typeof productStockRow>;

const transferLine = z.object({
  productId: productRef,
  quantity: z
    .number({ error: 'Informe a quantidade.' })
    .int('A quantidade deve ser um número inteiro.')
    .positive('A quantidade deve ser maior que zero.')
    .max(MAX_QUANTITY, 'Quantidade acima do permitido.'),
});

export const transferBody = z.object({
  toStoreId: storeRef,
  items: z
    .array(transferLine)
    .min(1, 'Inclua ao menos um produto.')
    .max(200, 'No máximo 200 produtos por transferência.')
    .refine(
      (items) => new Set(items.map((item) => item.productId)).size === items.length,
      'Cada produto aparece uma vez só.',
    ),
});
export type TransferBody = z.input<typeof transferBody>;

export const TRANSFER_STATUS = { sent: 'Enviada', received: 'Recebida' } as const;

export const stockTransfer = z.object({
  id: z.number(),
  fromStoreId: z.number(),
  toStoreId: z.number(),
  status: z.enum([TRANSFER_STATUS.sent, TRANSFER_STATUS.received]),
  items: z.array(z.object({ productId: z.number(), quantity: z.number() })),
  sentBy: z.number().nullable(),
  sentAt: z.string(),
  receivedBy: z.number().nullable(),
  receivedAt: z.string().nullable(),
});
export type StockTransfer = z.infer<typeof stockTransfer>;
