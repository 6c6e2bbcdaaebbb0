import { PAYMENT_METHODS, type PaymentMethod } from './constants';

/**
 * One ledger for money (API.md 'One ledger for money'): every real that comes in or goes out is a
 * payment of the payments module, owned by what sold it.
 */
export const PAYMENT_OWNER_KINDS = ['order', 'pos_sale', 'subscription_cycle'] as const;
export type PaymentOwnerKind = (typeof PAYMENT_OWNER_KINDS)[number];

export interface PaymentOwner {
  kind: PaymentOwnerKind;
  id: number;
}

/** What the customer may choose at checkout, plus what only the counter (cash) and plans (Pix Automático) take. */
export const LEDGER_METHODS = [...PAYMENT_METHODS, 'Pix Automático', 'Dinheiro'] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];

const PREFIX: Record<PaymentOwnerKind, string> = {
  order: 'pedido',
  pos_sale: 'venda',
  subscription_cycle: 'ciclo',
};

/**
 * The one reference a payment carries to the PSP (external_reference, the charge's description,
 * idempotency keys built on it): `pedido-12`, `venda-7`, `ciclo-31`, and `-<part>` when one owner
 * pays in several payments (`venda-7-2`).
 */
export const paymentReference = (owner: PaymentOwner, part?: number | string) =>
  `${PREFIX[owner.kind]}-${owner.id}${part === undefined ? '' : `-${part}`}`;

/** The owner named by a reference made by `paymentReference`, or null for anything else. */
export const ownerOfReference = (reference: string): PaymentOwner | null => {
  const match = /^(pedido|venda|ciclo)-(\d{1,10})(?:-[\w-]+)?$/.exec(reference);
  if (!match) return null;
  const kind = (Object.keys(PREFIX) as PaymentOwnerKind[]).find((k) => PREFIX[k] === match[1]);
  const id = Number(match[2]);
  return kind && Number.isSafeInteger(id) ? { kind, id } : null;
};

export const isPaymentMethod = (method: string): method is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(method);

/** A web order's payment is always one its customer chose at checkout. */
export const checkoutMethod = (method: LedgerMethod): PaymentMethod => {
  if (!isPaymentMethod(method)) throw new Error(`not a checkout method: ${method}`);
  return method;
};
