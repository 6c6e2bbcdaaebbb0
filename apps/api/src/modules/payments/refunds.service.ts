import {
  formatMoney,
  fromCents,
  PAYMENT_STATUS,
  type PaymentStatus,
  type RefundBody,
  type RefundResult,
  type RefundView,
  toCents,
} from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { assertSameRequest, requestHash } from '../../lib/idempotency';
import { violatedConstraint } from '../../lib/pg-error';
import { type Actor, recordChange } from '../audit/audit.service';
import type { MercadoPago } from './mercado-pago-client';
import { type ChargeOutcomes, findCharge } from './payment-settlement';
import { centsToPix } from './pix-amount';
import { type PixApi, PspRefusedError, PspUnavailableError } from './pix-api-client';
import * as repo from './refunds.repository';

/** Who asked for a refund, for the audit log, and the order it belongs to. */
export interface RefundAudit {
  actor: Actor;
  orderId: number;
}

export interface RefundDeps {
  db: Db;
  cards: MercadoPago;
  pix: PixApi;
  log: FastifyBaseLogger;
  /** the customer is told of each refund through the order */
  outcomes: ChargeOutcomes;
}

const NOT_FOUND = 'Pedido não encontrado.';
const NOTHING_PAID = 'Este pedido não tem pagamento a reembolsar.';
const ALREADY_REFUNDED = 'Este pedido já foi reembolsado.';
const NO_PSP_PAYMENT = 'Este pagamento não tem registro no PSP para reembolsar.';

const view = (row: repo.RefundRow): RefundView => ({
  id: row.id,
  amount: fromCents(row.amountCents),
  reason: row.reason,
  kind: row.kind,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockPayment>>>;

/** What may still go back: the paid total, or for a Pix kept as refund due, what came too late. */
async function refundable(db: Db | Tx, payment: Locked) {
  if (repo.REFUNDABLE.includes(payment.status)) return payment.totalCents;
  if (payment.refundDueAt) {
    const late = (await repo.receiptsOf(db, payment.id)).filter((r) => r.outcome === 'refund');
    return Math.min(
      late.reduce((sum, r) => sum + r.amountCents, 0),
      payment.totalCents,
    );
  }
  return 0;
}

/** Pix Automático is given back as any Pix, by a devolução of what was received. */
const kindOf = (method: string): repo.RefundKind =>
  method === 'Pix' || method === 'Pix Automático' ? 'pix' : method === 'Boleto' ? 'manual' : 'card';

/** The payment's status once `refundedCents` of `base` went back. */
function statusAfter(payment: { status: PaymentStatus }, refundedCents: number, base: number): PaymentStatus {
  if (!repo.REFUNDABLE.includes(payment.status) && payment.status !== PAYMENT_STATUS.refunded) return payment.status;
  if (refundedCents >= base) return PAYMENT_STATUS.refunded;
  return refundedCents > 0 ? PAYMENT_STATUS.partiallyRefunded : PAYMENT_STATUS.approved;
}

/**
 * Gives back all or part of what an order paid, once. The refund row is written first, with the
 * payment row locked (parallel refunds wait and see each other's amounts); its id is the key the
 * PSP sees, so a retry after a PSP that did not answer never refunds twice.
 */
export async function refundPayment(
  deps: RefundDeps,
  adminId: number | null,
  paymentId: number,
  body: RefundBody,
  requestKey?: string,
  /** a staff member's refund: written to the audit log, on the order, with the refund row */
  audit?: RefundAudit,
): Promise<RefundResult> {
  const { db } = deps;
  const charge = await findCharge(db, paymentId);
  if (!charge) throw notFound(NOT_FOUND);
  const key = requestKey ?? `pagamento-${paymentId}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
  const hash = requestHash(body);
  let created: repo.RefundRow;
  try {
    created = await db.transaction(async (tx) => {
      const payment = await repo.lockPayment(tx, charge.id);
      if (!payment) throw notFound(NOT_FOUND);
      const earlier = await repo.findByRequest(tx, payment.id, key);
      if (earlier) {
        assertSameRequest({ hash: earlier.requestHash }, hash);
        return earlier;
      }
      const base = await refundable(tx, payment);
      if (base === 0) throw conflict(NOTHING_PAID, 'NOT_REFUNDABLE');
      const left = base - payment.refundedCents;
      if (left <= 0) throw conflict(ALREADY_REFUNDED, 'ALREADY_REFUNDED');
      const amountCents = body.amount === undefined ? left : toCents(body.amount);
      if (amountCents > left) {
        throw conflict(
          `O reembolso passa do valor pago: resta ${formatMoney(fromCents(left))} a reembolsar.`,
          'REFUND_TOO_LARGE',
        );
      }
      const kind = kindOf(payment.method);
      if (kind === 'card' && !payment.pspPaymentId) throw conflict(NO_PSP_PAYMENT, 'NOT_REFUNDABLE');
      const row = await repo.insert(tx, {
        paymentId: payment.id,
        amountCents,
        reason: body.reason,
        kind,
        status: 'pendente',
        requestKey: key,
        requestHash: hash,
        requestedBy: adminId,
      });
      await repo.setPayment(tx, payment.id, {
        refundedCents: payment.refundedCents + amountCents,
        ...(repo.REFUNDABLE.includes(payment.status) ? { status: PAYMENT_STATUS.refundPending } : {}),
      });
      // What was bought comes back before the money does (or the refund is refused, nothing written).
      await deps.outcomes.refunding(tx, payment.id, {
        refundedCents: payment.refundedCents,
        amountCents,
        paidCents: base,
      });
      if (audit && row) {
        await recordChange(tx, audit.actor, {
          action: 'refund',
          entity: 'order',
          entityId: audit.orderId,
          before: { refundedValue: fromCents(payment.refundedCents) },
          after: {
            refundedValue: fromCents(payment.refundedCents + amountCents),
            refund: { id: row.id, amount: fromCents(amountCents), reason: body.reason ?? null, kind },
          },
        });
      }
      return row;
    });
  } catch (error) {
    // The same key committed by a parallel request: answer its refund.
    if (violatedConstraint(error) !== 'payment_refunds_request_uq') throw error;
    const earlier = await repo.findByRequest(db, charge.id, key);
    if (!earlier) throw error;
    assertSameRequest({ hash: earlier.requestHash }, hash);
    created = earlier;
  }
  if (created.status === 'pendente') await sendRefund(deps, created);
  const refund = await repo.findById(db, created.id);
  const payment = await paymentState(db, charge.id);
  if (!refund) throw notFound(NOT_FOUND);
  return { refund: view(refund), payment };
}

async function paymentState(db: Db, paymentId: number): Promise<RefundResult['payment']> {
  const row = await db.transaction(async (tx) => repo.lockPayment(tx, paymentId));
  if (!row) throw notFound(NOT_FOUND);
  return { id: row.id, status: row.status, refundedValue: fromCents(row.refundedCents) };
}

/** The refund went through: concluded once, the payment's status follows, the customer is told. */
async function concluded(deps: RefundDeps, refund: repo.RefundRow, pspRefundId: string | null, audit?: RefundAudit) {
  await deps.db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, refund.paymentId);
    if (!payment || !(await repo.conclude(tx, refund.id, pspRefundId))) return;
    if (audit) {
      await recordChange(tx, audit.actor, {
        action: 'refund',
        entity: 'order',
        entityId: audit.orderId,
        before: { refund: { id: refund.id, status: 'pendente' } },
        after: { refund: { id: refund.id, status: 'concluido' } },
      });
    }
    const base = payment.totalCents;
    const lateOnly = !repo.REFUNDABLE.includes(payment.status);
    if (lateOnly) {
      if (payment.refundedCents >= (await refundable(tx, payment)))
        await repo.setPayment(tx, payment.id, { refundedCents: payment.refundedCents, refundDueAt: null });
    } else {
      const pendingLeft = (await repo.listOfPayment(tx, payment.id)).some(
        (r) => r.status === 'pendente' && r.id !== refund.id,
      );
      await repo.setPayment(tx, payment.id, {
        refundedCents: payment.refundedCents,
        status: pendingLeft ? PAYMENT_STATUS.refundPending : statusAfter(payment, payment.refundedCents, base),
        // A cancelled order's money marked to go back is back.
        ...(payment.refundedCents >= base ? { refundDueAt: null } : {}),
      });
    }
    await deps.outcomes.refunded(tx, refund.paymentId, {
      id: refund.id,
      amountCents: refund.amountCents,
      kind: refund.kind,
    });
  });
}

/** The PSP refused it: the amount may be asked again; the payment shows the failure. */
async function failed(deps: RefundDeps, refund: repo.RefundRow, reason: string) {
  await deps.db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, refund.paymentId);
    if (!payment || !(await repo.fail(tx, refund.id, reason))) return;
    await repo.setPayment(tx, payment.id, {
      refundedCents: payment.refundedCents - refund.amountCents,
      ...(repo.REFUNDABLE.includes(payment.status) ? { status: PAYMENT_STATUS.refundFailed } : {}),
    });
  });
  deps.log.warn({ refundId: refund.id, paymentId: refund.paymentId }, 'PSP refused a refund');
}

/**
 * Sends a pending refund to its PSP with the refund's own key. A PSP that does not answer leaves
 * it pending for the retry job; a manual one waits for the admin's confirmation.
 */
export async function sendRefund(deps: RefundDeps, refund: repo.RefundRow) {
  // A manual refund waits for the admin; the counter's cash and terminal ones were concluded when written.
  if (refund.kind === 'manual' || refund.kind === 'cash' || refund.kind === 'terminal') return;
  try {
    if (refund.kind === 'card') {
      const payment = await deps.db.transaction(async (tx) => repo.lockPayment(tx, refund.paymentId));
      if (!payment?.pspPaymentId) return failed(deps, refund, 'no PSP payment');
      const done = await deps.cards.refund(
        payment.pspPaymentId,
        fromCents(refund.amountCents),
        `reembolso-${refund.id}`,
      );
      return concluded(deps, refund, String(done.id));
    }
    const receipts = await repo.receiptsOf(deps.db, refund.paymentId);
    const receipt = receipts.find((r) => r.amountCents >= refund.amountCents) ?? receipts[0];
    if (!receipt) return failed(deps, refund, 'no Pix received');
    const devolucao = await deps.pix.devolve(
      receipt.endToEndId,
      `reembolso${refund.id}`,
      centsToPix(refund.amountCents),
    );
    if (devolucao.status === 'DEVOLVIDO') return concluded(deps, refund, devolucao.rtrId);
    if (devolucao.status === 'NAO_REALIZADO') return failed(deps, refund, devolucao.motivo ?? 'NAO_REALIZADO');
  } catch (error) {
    if (error instanceof PspUnavailableError) {
      deps.log.warn({ refundId: refund.id }, 'PSP unavailable for a refund; retried later with the same key');
      return;
    }
    if (error instanceof PspRefusedError) return failed(deps, refund, `PSP answered ${error.status}`);
    throw error;
  }
}

/** Refunds a PSP did not confirm yet, sent again with the same key: at most once at the PSP. */
export async function retryPendingRefunds(deps: RefundDeps, limit = 50) {
  for (const refund of await repo.listPendingAtPsp(deps.db, limit)) await sendRefund(deps, refund);
}

/** Boleto: the admin transferred the money by hand and says so. */
export async function confirmManualRefund(
  deps: RefundDeps,
  paymentId: number,
  refundId: number,
  audit?: RefundAudit,
): Promise<RefundResult> {
  const charge = await findCharge(deps.db, paymentId);
  const refund = await repo.findById(deps.db, refundId);
  if (!charge || !refund || refund.paymentId !== charge.id || refund.kind !== 'manual') throw notFound(NOT_FOUND);
  if (refund.status !== 'pendente') throw conflict('Este reembolso já foi concluído.', 'REFUND_NOT_PENDING');
  await concluded(deps, refund, null, audit);
  const after = await repo.findById(deps.db, refundId);
  if (!after) throw notFound(NOT_FOUND);
  return { refund: view(after), payment: await paymentState(deps.db, charge.id) };
}

export const listForPayment = async (db: Db, paymentId: number): Promise<RefundView[]> =>
  (await repo.listOfPayment(db, paymentId)).map(view);
