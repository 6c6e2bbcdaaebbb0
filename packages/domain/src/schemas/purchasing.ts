import { z } from 'zod';
import { isValidCnpj, normalizeCnpj } from '../cnpj';
import { idField, positiveInt, requiredText } from './common';
import { calendarDate } from './dates';
import { money } from './money';

export const supplierBody = z.object({
  name: requiredText('Informe o nome do fornecedor.', 120),
  cnpj: z
    .string({ error: 'Informe o CNPJ.' })
    .transform(normalizeCnpj)
    .refine(isValidCnpj, 'Informe um CNPJ válido (14 caracteres; letras permitidas no formato novo).'),
  contact: z.string().trim().max(255, 'Use no máximo 255 caracteres.').default(''),
});
export type SupplierBody = z.input<typeof supplierBody>;

export const supplier = z.object({ id: z.number(), name: z.string(), cnpj: z.string(), contact: z.string() });
export type Supplier = z.infer<typeof supplier>;

export const PURCHASE_ORDER_STATUS = {
  draft: 'Rascunho',
  sent: 'Enviado',
  received: 'Recebido',
  cancelled: 'Cancelado',
} as const;
export const PURCHASE_ORDER_STATUSES = Object.values(PURCHASE_ORDER_STATUS) as [string, ...string[]];
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUS)[keyof typeof PURCHASE_ORDER_STATUS];

/** Which status each move starts from, and where it leaves the order. */
export const PURCHASE_ORDER_MOVES = {
  send: { from: [PURCHASE_ORDER_STATUS.draft], to: PURCHASE_ORDER_STATUS.sent },
  receive: { from: [PURCHASE_ORDER_STATUS.sent], to: PURCHASE_ORDER_STATUS.received },
  cancel: { from: [PURCHASE_ORDER_STATUS.draft, PURCHASE_ORDER_STATUS.sent], to: PURCHASE_ORDER_STATUS.cancelled },
} as const satisfies Record<string, { from: readonly PurchaseOrderStatus[]; to: PurchaseOrderStatus }>;
export type PurchaseOrderMove = keyof typeof PURCHASE_ORDER_MOVES;

const unitCost = money('Informe o custo unitário.', {
  tooSmall: 'O custo não pode ser negativo.',
  tooLarge: 'Custo acima do permitido.',
});

const purchaseLine = z.object({
  productId: positiveInt('Selecione um produto.'),
  quantity: z
    .number({ error: 'Informe a quantidade.' })
    .int('A quantidade deve ser um número inteiro.')
    .positive('A quantidade deve ser maior que zero.')
    .max(1_000_000, 'Quantidade acima do permitido.'),
  unitCost,
  lot: z.string().trim().max(60, 'Use no máximo 60 caracteres.').optional(),
  expiresOn: calendarDate('Informe a validade no formato AAAA-MM-DD.').optional(),
});

export const purchaseOrderBody = z.object({
  supplierId: positiveInt('Selecione um fornecedor.'),
  storeId: positiveInt('Selecione uma loja.'),
  items: z.array(purchaseLine).min(1, 'Inclua ao menos um produto.').max(200, 'No máximo 200 itens por pedido.'),
});
export type PurchaseOrderBody = z.input<typeof purchaseOrderBody>;

export const purchaseOrder = z.object({
  id: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  storeId: z.number(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  total: z.number(),
  items: z.array(
    z.object({
      productId: z.number(),
      productName: z.string(),
      quantity: z.number(),
      unitCost: z.number(),
      lot: z.string().nullable(),
      expiresOn: z.string().nullable(),
    }),
  ),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

export const purchaseOrdersQuery = z.object({
  status: z.enum(PURCHASE_ORDER_STATUSES, { error: 'Situação inválida.' }).optional(),
  storeId: idField('Loja inválida.').optional(),
});

export const storeQuery = z.object({ storeId: idField('Informe a loja.') });
export const optionalStoreQuery = z.object({ storeId: idField('Loja inválida.').optional() });

/** 'Vencendo em 30 dias': lots whose expiry is within this many days (or already past). */
export const EXPIRING_WITHIN_DAYS = 30;

export const expiringLot = z.object({
  id: z.number(),
  productId: z.number(),
  productName: z.string(),
  storeId: z.number(),
  lot: z.string().nullable(),
  expiresOn: z.string(),
  quantity: z.number(),
  /** negative: already expired */
  daysLeft: z.number(),
  purchaseOrderId: z.number(),
});
export type ExpiringLot = z.infer<typeof expiringLot>;

/** Weeks of sales the suggestions look back on, and the weeks of sales they order to cover. */
export const SUGGESTION_WEEKS = 8;
export const SUGGESTION_COVER_WEEKS = 4;

export const stockSuggestion = z.object({
  productId: z.number(),
  productName: z.string(),
  quantity: z.number(),
  minimum: z.number(),
  weeklySales: z.number(),
  suggested: z.number(),
  averageCost: z.number().nullable(),
});
export type StockSuggestion = z.infer<typeof stockSuggestion>;

export const stockMinimumBody = z.object({
  storeId: positiveInt('Selecione uma loja.'),
  productId: positiveInt('Selecione um produto.'),
  minimum: z
    .number({ error: 'Informe o estoque mínimo.' })
    .int('O estoque mínimo deve ser um número inteiro.')
    .min(0, 'O estoque mínimo não pode ser negativo.')
    .max(1_000_000, 'Estoque mínimo acima do permitido.'),
});
export type StockMinimumBody = z.infer<typeof stockMinimumBody>;
