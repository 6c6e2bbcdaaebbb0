import { z } from 'zod';
import { isCpf } from '../documents';
import { digitsField, positiveInt } from './common';
import { money } from './money';

/** Payment methods at the counter (API.md): cash, Pix by QR, and cards on the store's own terminal. */
export const POS_METHODS = ['Dinheiro', 'Pix', 'Cartão de Crédito', 'Cartão de Débito'] as const;
export type PosMethod = (typeof POS_METHODS)[number];

/** The closing report's keys, one per method. */
export const POS_METHOD_KEYS = {
  Dinheiro: 'dinheiro',
  Pix: 'pix',
  'Cartão de Crédito': 'credito',
  'Cartão de Débito': 'debito',
} as const;
export type PosMethodKey = (typeof POS_METHOD_KEYS)[PosMethod];

export const POS_SALE_STATUS = {
  completed: 'Concluída',
  awaitingPayment: 'Aguardando pagamento',
  cancelled: 'Cancelada',
} as const;
export type PosSaleStatus = (typeof POS_SALE_STATUS)[keyof typeof POS_SALE_STATUS];

/** An amount in reais, at most R$ 1.000.000,00, with 2 decimals. */
const reais = (message: string) => money(message);
const positiveReais = (message: string) => money(message, { least: 'positive' });

export const openSessionBody = z.object({
  storeId: positiveInt('Selecione a loja.'),
  openingCash: reais('Informe o valor de abertura do caixa.'),
});
export type OpenSessionBody = z.input<typeof openSessionBody>;

export const cashMovementBody = z.object({
  type: z.enum(['sangria', 'suprimento'], { error: 'Escolha sangria ou suprimento.' }),
  amount: positiveReais('Informe o valor.'),
  note: z.string().trim().max(200, 'Use no máximo 200 caracteres.').default(''),
});
export type CashMovementBody = z.input<typeof cashMovementBody>;

const perMethod = (message: string) =>
  z.object({ dinheiro: reais(message), pix: reais(message), credito: reais(message), debito: reais(message) });

export const closeSessionBody = z.object({ counted: perMethod('Informe o valor contado.') });
export type CloseSessionBody = z.input<typeof closeSessionBody>;

const amounts = z.object({ dinheiro: z.number(), pix: z.number(), credito: z.number(), debito: z.number() });
export const closingReport = z.object({ expected: amounts, counted: amounts, difference: amounts });
export type ClosingReport = z.infer<typeof closingReport>;

export const cashMovement = z.object({
  id: z.number(),
  type: z.enum(['sangria', 'suprimento']),
  amount: z.number(),
  note: z.string(),
  at: z.string(),
});

export const posSession = z.object({
  id: z.number(),
  storeId: z.number(),
  operatorId: z.number(),
  openingCash: z.number(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  status: z.enum(['Aberto', 'Fechado']),
  movements: cashMovement.array(),
  /** so far (open) or at closing: what each method should hold */
  expected: amounts,
  /** closed sessions: the closing report */
  report: closingReport.nullable(),
  salesCount: z.number(),
});
export type PosSession = z.infer<typeof posSession>;

const itemId = (message: string) => positiveInt(message);
const quantity = z
  .number({ error: 'Informe a quantidade.' })
  .int('A quantidade deve ser um número inteiro.')
  .min(1, 'A quantidade mínima é 1.')
  .max(999, 'No máximo 999 unidades por item.');

export const posSaleItemBody = z.union(
  [
    z.strictObject({ productId: itemId('Produto inválido.'), quantity }),
    z.strictObject({ serviceId: itemId('Serviço inválido.'), petId: itemId('Selecione o pet.') }),
    z.strictObject({ packageId: itemId('Pacote inválido.'), petId: itemId('Selecione o pet.') }),
  ],
  { error: 'Item inválido: informe productId e quantity, serviceId e petId, ou packageId e petId.' },
);
export type PosSaleItemBody = z.infer<typeof posSaleItemBody>;

const code = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[0-9A-Za-z]{1,20}$/, message);

export const posPaymentBody = z.object({
  method: z.enum(POS_METHODS, { error: 'Forma de pagamento inválida.' }),
  amount: positiveReais('Informe o valor do pagamento.'),
  /** cash: what the customer handed over (the change is computed) */
  received: reais('Informe o valor recebido.').optional(),
  installments: z
    .number({ error: 'Escolha o número de parcelas.' })
    .int('Escolha o número de parcelas.')
    .min(1, 'Escolha o número de parcelas.')
    .max(12, 'No máximo 12 parcelas.')
    .optional(),
  /** card on the store's terminal: the NSU and the authorisation code on its slip */
  nsu: code('Informe o NSU do comprovante do cartão.').optional(),
  authorizationCode: code('Código de autorização inválido.').optional(),
});
export type PosPaymentBody = z.input<typeof posPaymentBody>;

export const posSaleBody = z.object({
  sessionId: positiveInt('Abra o caixa antes de vender.'),
  customerId: positiveInt('Cliente inválido.').optional(),
  /** printed on the receipt when the customer asks */
  cpf: digitsField('CPF inválido.', isCpf).optional(),
  items: posSaleItemBody.array().min(1, 'Adicione ao menos um item.').max(100, 'No máximo 100 itens por venda.'),
  discount: reais('Informe o desconto.').optional(),
  payments: posPaymentBody.array().min(1, 'Informe o pagamento.').max(6, 'No máximo 6 pagamentos por venda.'),
});
export type PosSaleBody = z.input<typeof posSaleBody>;

export const posSaleView = z.object({
  id: z.number(),
  sessionId: z.number(),
  storeId: z.number(),
  status: z.enum([POS_SALE_STATUS.completed, POS_SALE_STATUS.awaitingPayment, POS_SALE_STATUS.cancelled]),
  customerId: z.number().nullable(),
  cpf: z.string().nullable(),
  items: z
    .object({
      id: z.number(),
      kind: z.enum(['produto', 'servico', 'pacote']),
      productId: z.number().nullable(),
      serviceId: z.number().nullable(),
      packageId: z.number().nullable(),
      petId: z.number().nullable(),
      name: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      total: z.number(),
      returnedQuantity: z.number(),
    })
    .array(),
  subtotal: z.number(),
  discount: z.number(),
  total: z.number(),
  /** cash handed back */
  change: z.number(),
  payments: z
    .object({
      id: z.number(),
      method: z.enum(POS_METHODS),
      amount: z.number(),
      received: z.number().nullable(),
      installments: z.number().nullable(),
      nsu: z.string().nullable(),
      authorizationCode: z.string().nullable(),
      status: z.enum(['Aprovado', 'Pendente', 'Cancelado']),
      refunded: z.number(),
      /** a counter Pix waiting to be paid: the QR to show */
      pix: z
        .object({
          txid: z.string(),
          pixCode: z.string(),
          pixQrCode: z.string(),
          expiresAt: z.string().nullable(),
        })
        .nullable(),
    })
    .array(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type PosSaleView = z.infer<typeof posSaleView>;

export const posReturnBody = z.object({
  /** units of a product, or a whole service or package line of the sale (by the sale item's id) */
  items: z
    .union([
      z.strictObject({ productId: itemId('Produto inválido.'), quantity }),
      z.strictObject({ saleItemId: itemId('Item da venda inválido.') }),
    ])
    .array()
    .min(1, 'Informe o que volta.')
    .max(100, 'No máximo 100 itens.'),
});
export type PosReturnBody = z.input<typeof posReturnBody>;

export const posReturnView = z.object({
  id: z.number(),
  saleId: z.number(),
  total: z.number(),
  items: z
    .object({
      saleItemId: z.number(),
      kind: z.enum(['produto', 'servico', 'pacote']),
      productId: z.number().nullable(),
      quantity: z.number(),
      amount: z.number(),
    })
    .array(),
  refunds: z.object({ method: z.enum(POS_METHODS), amount: z.number() }).array(),
  createdAt: z.string(),
});
export type PosReturnView = z.infer<typeof posReturnView>;

/** `Idempotency-Key` of a counter sale: chosen by the till once per sale, kept across retries. */
export const posIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: 'Informe o cabeçalho Idempotency-Key da venda.' })
    .regex(/^[\w.:-]{8,100}$/, 'Idempotency-Key inválida: use de 8 a 100 letras, números, ".", ":", "_" ou "-".'),
});

/** Returns: the same optional key replays the first answer instead of returning twice. */
export const posReturnHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\w.:-]{8,100}$/, 'Idempotency-Key inválida: use de 8 a 100 letras, números, ".", ":", "_" ou "-".')
    .optional(),
});
