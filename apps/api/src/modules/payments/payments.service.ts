import {
  fromCents,
  PAYMENT_STATUS,
  type PaymentMethod,
  type PaymentResult,
  type PaymentStatus,
  type PaymentSummary,
} from '@petshop/domain';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import * as cart from '../cart/cart.service';
import type { PaymentProvider } from './payment-provider';
import { pixQrCode } from './payment-qr';
import { boletoDates, newTxid } from './payment-timing';
import * as repo from './payments.repository';
import { PspRefusedError, PspUnavailableError } from './pix-api-client';
import * as settlement from './settlement.repository';

const CART_NOT_FOUND = 'Carrinho não encontrado.';
const PSP_DOWN = 'Não foi possível gerar a cobrança agora. Tente novamente em alguns instantes.';

export interface PayContext {
  db: Db;
  provider: PaymentProvider;
  config: Pick<Config, 'PIX_EXPIRATION_SECONDS' | 'BOLETO_DAYS_TO_PAY'>;
}

export async function summary(db: Db, auth: AuthUser, cartId: number): Promise<PaymentSummary> {
  if (!(await cart.isOwnCart(db, auth, cartId))) throw notFound(CART_NOT_FOUND);
  const lines = await cart.checkoutLines(db, cartId);
  const items = lines.map((line) => ({
    productName: line.productName,
    quantity: line.quantity,
    price: fromCents(line.priceCents),
    totalItemValue: fromCents(line.priceCents * line.quantity),
  }));
  return {
    summary: {
      items,
      totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
      totalValue: fromCents(lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0)),
    },
  };
}

/** What a pending Pix or boleto keeps for the customer to pay it (payments.details). */
export interface ChargeDetails {
  pixCode?: string;
  pixQrCode?: string;
  boletoCode?: string;
  dueDate?: string;
  expiresAt?: string;
}

/** What a waiting order needs to be paid: shown only while the payment is pending. */
export function pendingCharge(txid: string | null, stored: unknown) {
  const details = (stored ?? {}) as ChargeDetails;
  return {
    ...(txid ? { txid } : {}),
    ...(details.pixCode ? { pixCode: details.pixCode } : {}),
    ...(details.pixQrCode ? { pixQrCode: details.pixQrCode } : {}),
    ...(details.boletoCode ? { boletoCode: details.boletoCode } : {}),
    ...(details.expiresAt ? { expiresAt: details.expiresAt } : {}),
    ...(details.dueDate ? { dueDate: details.dueDate } : {}),
  };
}

/** The payment as the pay answer shows it: the same for the first answer and every replay. */
export function paymentView(row: {
  id: number;
  method: PaymentMethod;
  totalCents: number;
  status: PaymentStatus;
  txid: string | null;
  details: unknown;
}): PaymentResult['payment'] {
  return {
    id: row.id,
    paymentMethod: row.method,
    totalValue: fromCents(row.totalCents),
    status: row.status,
    ...pendingCharge(row.txid, row.details),
  };
}

/** A charge the PSP issued or approved, not yet written down. */
export interface Issued {
  txid: string | null;
  totalCents: number;
  status: PaymentStatus;
  expiresAt: Date | null;
  details: ChargeDetails;
}

/** Pix and boleto are issued before the order's transaction; cards are authorised inside it. */
export const isBankCharge = (method: PaymentMethod) => method === 'Pix' || method === 'Boleto';

/**
 * Pix and boleto, issued before the transaction for the cart's current total, under a txid of our
 * own: the PSP is never called while stock rows are locked, and a PSP that is down leaves nothing
 * written. A charge whose order never commits is never paid and just expires.
 */
export async function issueBankCharge(ctx: PayContext, method: PaymentMethod, totalCents: number): Promise<Issued> {
  // Nothing to pay: a free order needs no bank.
  if (totalCents === 0)
    return { txid: null, totalCents, status: PAYMENT_STATUS.approved, expiresAt: null, details: {} };
  const now = new Date();
  const txid = newTxid();
  const boleto = boletoDates(now, ctx.config.BOLETO_DAYS_TO_PAY);
  const expiresAt =
    method === 'Pix' ? new Date(now.getTime() + ctx.config.PIX_EXPIRATION_SECONDS * 1000) : boleto.expiresAt;
  try {
    const charge = await ctx.provider.charge({
      method,
      totalCents,
      txid,
      expiresInSeconds: ctx.config.PIX_EXPIRATION_SECONDS,
      due: boleto.due,
    });
    const details: ChargeDetails = { expiresAt: expiresAt.toISOString() };
    if (charge.pixCode) Object.assign(details, { pixCode: charge.pixCode, pixQrCode: await pixQrCode(charge.pixCode) });
    if (charge.boletoCode) Object.assign(details, { boletoCode: charge.boletoCode, dueDate: boleto.dueDate });
    return { txid, totalCents, status: charge.status, expiresAt, details };
  } catch (error) {
    if (error instanceof PspUnavailableError || error instanceof PspRefusedError) {
      throw new AppError(503, 'PSP_UNAVAILABLE', PSP_DOWN);
    }
    throw error;
  }
}

/** Cards: authorised inside the order's transaction, once the stock is taken; declined is a 402. */
export async function authoriseCard(ctx: PayContext, method: PaymentMethod, totalCents: number): Promise<Issued> {
  const charge = await ctx.provider.charge({
    method,
    totalCents,
    txid: newTxid(),
    expiresInSeconds: 0,
    due: new Date(),
  });
  if (charge.status === PAYMENT_STATUS.declined) {
    throw new AppError(402, 'PAYMENT_DECLINED', 'Pagamento recusado. Tente outro método de pagamento.');
  }
  return { txid: null, totalCents, status: charge.status, expiresAt: null, details: {} };
}

/** Writes down an issued charge as the user's payment, in the order's transaction. */
export const recordCharge = (
  tx: Tx,
  userId: number,
  method: PaymentMethod,
  charge: Issued,
  idempotencyKey: string | undefined,
) =>
  repo.insertPayment(tx, {
    userId,
    method,
    totalCents: charge.totalCents,
    status: charge.status,
    idempotencyKey: idempotencyKey ?? null,
    details: { ...charge.details },
    txid: charge.txid,
    expiresAt: charge.expiresAt,
  });

export const findByIdempotencyKey = (db: Db | Tx, userId: number, key: string) =>
  repo.findByIdempotencyKey(db, userId, key);

/** The order was cancelled while its payment waited: the charge can no longer be paid here. */
export const cancelPending = async (tx: Tx, paymentId: number) => (await repo.cancelPending(tx, paymentId)).length > 0;

/** Money was received for an order that will not be delivered: it must go back. */
export const markRefundDue = (tx: Tx, paymentId: number) => settlement.markRefundDue(tx, paymentId);

/** The payment's status, e.g. to tell a paid order from one that waits. */
export const findCharge = (db: Db | Tx, paymentId: number) => settlement.findById(db, paymentId);
