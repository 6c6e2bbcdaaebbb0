import { PAYMENT_STATUS, type PaymentOwner, type PaymentStatus, type RefundKind } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { conflict } from '../../lib/app-error';
import * as repo from './counter-payments.repository';
import * as ledger from './payments.repository';
import * as refunds from './refunds.repository';
import { type RefundDeps, sendRefund } from './refunds.service';

/** Cash or the store's own card terminal: money the counter takes without a PSP. */
export interface CounterPart {
  method: 'Dinheiro' | 'Cartão de Crédito' | 'Cartão de Débito';
  amountCents: number;
  installments: number | null;
  nsu: string | null;
  authorizationCode: string | null;
}

export type CounterPayment = Awaited<ReturnType<typeof repo.findMany>>[number];

/**
 * Writes a sale's cash and terminal card payments into the ledger, in the sale's transaction, one
 * row each (ids in the order given). `held`: the sale waits for its Pix, so they are pending until
 * it completes (settleCounterPayments) or is cancelled (cancelPending).
 */
export async function recordCounterPayments(
  tx: Tx,
  payer: { owner: PaymentOwner; storeId: number; userId: number | null },
  parts: CounterPart[],
  held: boolean,
) {
  const ids: number[] = [];
  for (const part of parts)
    ids.push(
      await ledger.insertPayment(tx, {
        ...payer,
        method: part.method,
        totalCents: part.amountCents,
        status: held ? PAYMENT_STATUS.pending : PAYMENT_STATUS.approved,
        idempotencyKey: null,
        idempotencyHash: null,
        details: {},
        txid: null,
        expiresAt: null,
        pspPaymentId: null,
        installments: part.installments,
        cardBrand: null,
        cardLastFour: null,
        nsu: part.nsu,
        authorizationCode: part.authorizationCode,
      }),
    );
  return ids;
}

export const settleCounterPayments = (tx: Tx, paymentIds: number[]) => repo.settleHeld(tx, paymentIds);

/** The ledger rows of these payments, by id. */
export const counterPayments = async (db: Db | Tx, paymentIds: number[]) =>
  new Map((await repo.findMany(db, paymentIds)).map((row) => [row.id, row]));

/** A payment that may still give money back (what `splitRefund` calls refundable). */
export const mayRefund = (status: PaymentStatus) => refunds.REFUNDABLE.includes(status);

const counterKind = (method: string): RefundKind =>
  method === 'Dinheiro' ? 'cash' : method === 'Pix' ? 'pix' : 'terminal';

/**
 * Money a counter return gives back by one payment, in the return's transaction. Cash (from the
 * drawer) and the store's terminal are concluded at once; a Pix is written pending with the payment
 * marked 'Reembolso pendente', and `sendCounterRefunds` asks the PSP after the commit. The same
 * request key answers the refund already written.
 */
export async function refundAtCounter(
  tx: Tx,
  userId: number,
  refund: { paymentId: number; amountCents: number; reason: string; requestKey: string },
) {
  const payment = await refunds.lockPayment(tx, refund.paymentId);
  if (!payment) throw new Error(`payment ${refund.paymentId} not found`);
  const earlier = await refunds.findByRequest(tx, payment.id, refund.requestKey);
  if (earlier) return earlier;
  const left = mayRefund(payment.status) ? payment.totalCents - payment.refundedCents : 0;
  if (refund.amountCents > left) throw conflict('Este pagamento não tem esse valor a devolver.', 'REFUND_TOO_LARGE');
  const kind = counterKind(payment.method);
  const atOnce = kind !== 'pix';
  const row = await refunds.insert(tx, {
    paymentId: payment.id,
    amountCents: refund.amountCents,
    reason: refund.reason,
    kind,
    status: atOnce ? 'concluido' : 'pendente',
    requestKey: refund.requestKey,
    requestedBy: userId,
    settledAt: atOnce ? new Date() : null,
  });
  const refundedCents = payment.refundedCents + refund.amountCents;
  const pendingBefore = payment.status === PAYMENT_STATUS.refundPending;
  const status =
    !atOnce || pendingBefore
      ? PAYMENT_STATUS.refundPending
      : refundedCents >= payment.totalCents
        ? PAYMENT_STATUS.refunded
        : PAYMENT_STATUS.partiallyRefunded;
  await refunds.setPayment(tx, payment.id, { refundedCents, status });
  return row;
}

/** After the return's commit: its Pix refunds go to the PSP (one not answering now is retried by the refund job). */
export async function sendCounterRefunds(deps: RefundDeps, rows: refunds.RefundRow[]) {
  for (const row of rows) if (row.status === 'pendente') await sendRefund(deps, row);
}
