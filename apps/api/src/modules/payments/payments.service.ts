import {
  fromCents,
  PAYMENT_STATUS,
  type PaymentMethod,
  type PaymentOwner,
  type PaymentResult,
  type PaymentStatus,
  type PaymentSummary,
} from '@petshop/domain';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import * as cart from '../cart/cart.service';
import { MpRequestError } from './mercado-pago-client';
import { offeredMethods } from './offered-methods';
import type { Payer, PaymentProvider } from './payment-provider';
import { pixQrCode } from './payment-qr';
import type { RailConfig } from './payment-rails';
import { boletoDates, newTxid } from './payment-timing';
import * as repo from './payments.repository';
import { PspRefusedError, PspUnavailableError } from './pix-api-client';
import * as settlement from './settlement.repository';

const CART_NOT_FOUND = 'Carrinho não encontrado.';
const PSP_DOWN = 'Não foi possível gerar a cobrança agora. Tente novamente em alguns instantes.';

export interface PayContext {
  db: Db;
  provider: PaymentProvider;
  config: Pick<Config, 'PIX_EXPIRATION_SECONDS' | 'BOLETO_DAYS_TO_PAY'> & RailConfig;
}

/** 400 for a method the shop does not offer (PAYMENT_METHODS, or no PSP nor sandbox for it), before anything changes. */
export function assertOffered(ctx: { config: RailConfig }, method: PaymentMethod) {
  if (!offeredMethods(ctx.config).includes(method))
    throw badRequest('Este método de pagamento não é oferecido pela loja.', 'METHOD_NOT_OFFERED');
}

export type { Payer } from './payment-provider';

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
  boletoBarcode?: string;
  boletoUrl?: string;
  dueDate?: string;
  expiresAt?: string;
  /** card pending 3-D Secure: where the customer's bank asks them to confirm */
  challengeUrl?: string;
  challengeCreq?: string;
  /** what the card PSP was told as external_reference */
  pspReference?: string;
}

/** What a waiting order needs to be paid: shown only while the payment is pending. */
export function pendingCharge(txid: string | null, stored: unknown) {
  const details = (stored ?? {}) as ChargeDetails;
  return {
    ...(txid ? { txid } : {}),
    ...(details.pixCode ? { pixCode: details.pixCode } : {}),
    ...(details.pixQrCode ? { pixQrCode: details.pixQrCode } : {}),
    ...(details.boletoCode ? { boletoCode: details.boletoCode } : {}),
    ...(details.boletoBarcode ? { boletoBarcode: details.boletoBarcode } : {}),
    ...(details.boletoUrl ? { boletoUrl: details.boletoUrl } : {}),
    ...(details.challengeUrl ? { challengeUrl: details.challengeUrl } : {}),
    ...(details.challengeCreq ? { challengeCreq: details.challengeCreq } : {}),
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
  pspPaymentId?: string | null;
  installments?: number | null;
  cardBrand?: string | null;
  cardLastFour?: string | null;
}): PaymentResult['payment'] {
  return {
    id: row.id,
    paymentMethod: row.method,
    totalValue: fromCents(row.totalCents),
    status: row.status,
    ...pendingCharge(row.txid, row.details),
    ...(row.pspPaymentId ? { pspPaymentId: row.pspPaymentId } : {}),
    ...(row.installments ? { installments: row.installments } : {}),
    ...(row.cardBrand ? { cardBrand: row.cardBrand } : {}),
    ...(row.cardLastFour ? { cardLastFour: row.cardLastFour } : {}),
  };
}

/** A charge the PSP issued or approved, not yet written down. */
export interface Issued {
  txid: string | null;
  totalCents: number;
  status: PaymentStatus;
  expiresAt: Date | null;
  details: ChargeDetails;
  pspPaymentId?: string | null;
  installments?: number | null;
  cardBrand?: string | null;
  cardLastFour?: string | null;
}

/** The PSP did not answer: 503, and nothing written. */
export function pspDown(error: unknown, message: string): never {
  if (
    error instanceof PspUnavailableError ||
    (error instanceof PspRefusedError && !(error instanceof MpRequestError))
  ) {
    throw new AppError(503, 'PSP_UNAVAILABLE', message);
  }
  throw error;
}

/** Pix and boleto are issued before the order's transaction; a card is asked for between its two. */
export const isBankCharge = (method: PaymentMethod) => method === 'Pix' || method === 'Boleto';

/**
 * Pix and boleto, issued before the transaction for the cart's current total, under a txid of our
 * own: the PSP is never called while stock rows are locked, and a PSP that is down leaves nothing
 * written. A charge whose order never commits is never paid and just expires.
 */
export async function issueBankCharge(
  ctx: PayContext,
  method: PaymentMethod,
  totalCents: number,
  payer: () => Promise<Payer>,
): Promise<Issued> {
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
      // A boleto is registered at the card PSP with the payer's name, CPF and address.
      ...(method === 'Boleto' ? { payer: await payer(), reference: txid, idempotencyKey: `boleto-${txid}` } : {}),
    });
    const details: ChargeDetails = { expiresAt: expiresAt.toISOString() };
    if (charge.pixCode) Object.assign(details, { pixCode: charge.pixCode, pixQrCode: await pixQrCode(charge.pixCode) });
    if (charge.boletoCode) Object.assign(details, { boletoCode: charge.boletoCode, dueDate: boleto.dueDate });
    if (charge.boletoBarcode) details.boletoBarcode = charge.boletoBarcode;
    if (charge.boletoUrl) details.boletoUrl = charge.boletoUrl;
    if (charge.pspPaymentId) details.pspReference = txid;
    return { txid, totalCents, status: charge.status, expiresAt, details, pspPaymentId: charge.pspPaymentId ?? null };
  } catch (error) {
    if (error instanceof PspRefusedError) throw new AppError(503, 'PSP_UNAVAILABLE', PSP_DOWN);
    return pspDown(error, PSP_DOWN);
  }
}

/** Writes down an issued charge as the user's payment, in the order's transaction. */
export const recordCharge = (
  tx: Tx,
  payer: {
    owner: PaymentOwner;
    /** the store whose money it is */
    storeId: number | null;
    userId: number | null;
  },
  method: PaymentMethod,
  charge: Issued,
  /** the caller's Idempotency-Key and the hash of the body it came with */
  idempotency: { key: string; hash: string | null } | undefined,
) =>
  repo.insertPayment(tx, {
    ...payer,
    method,
    totalCents: charge.totalCents,
    status: charge.status,
    idempotencyKey: idempotency?.key ?? null,
    idempotencyHash: idempotency?.hash ?? null,
    details: { ...charge.details },
    txid: charge.txid,
    expiresAt: charge.expiresAt,
    pspPaymentId: charge.pspPaymentId ?? null,
    installments: charge.installments ?? null,
    cardBrand: charge.cardBrand ?? null,
    cardLastFour: charge.cardLastFour ?? null,
  });

export const findByIdempotencyKey = (db: Db | Tx, userId: number, key: string) =>
  repo.findByIdempotencyKey(db, userId, key);

/** The order was cancelled while its payment waited: the charge can no longer be paid here. */
export const cancelPending = async (tx: Tx, paymentId: number) => (await repo.cancelPending(tx, paymentId)).length > 0;

/** Money was received for an order that will not be delivered: it must go back. */
export const markRefundDue = (tx: Tx, paymentId: number) => settlement.markRefundDue(tx, paymentId);

/** The payment's status, e.g. to tell a paid order from one that waits. */
export const findCharge = (db: Db | Tx, paymentId: number) => settlement.findById(db, paymentId);
