import { PAYMENT_STATUS, POS_SALE_STATUS } from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { type Actor, recordChange } from '../audit/audit.service';
import * as ledger from '../payments/counter-payments';
import type { PixApi } from '../payments/payment-clients';
import * as settlement from '../payments/payment-settlement';
import * as payments from '../payments/payments.service';
import * as repo from './pos.repository';
import { grantPackages } from './pos-sale-packages';
import { SALE_NOT_FOUND, type SalePayment, salePayments, saleView, visibleSale } from './pos-sale-view';
import * as stock from './pos-stock';

export interface CancelDeps {
  db: Db;
  pix: PixApi;
  log: FastifyBaseLogger;
  outcomes: settlement.ChargeOutcomes;
}

const waitingPix = (p: SalePayment) => p.ledger.method === 'Pix' && p.ledger.status === PAYMENT_STATUS.pending;

/**
 * The customer gave up on a waiting counter Pix: the charge is withdrawn at the PSP first (so it can
 * no longer be paid), then the sale is cancelled and its units go back. Paid meanwhile → 409.
 */
export async function cancel(deps: CancelDeps, user: AuthUser, actor: Actor, id: number) {
  const sale = await visibleSale(deps.db, user, id);
  if (sale.status !== POS_SALE_STATUS.awaitingPayment) throw notWaiting(sale.status);
  for (const p of await salePayments(deps.db, sale.id)) {
    if (!waitingPix(p)) continue;
    const charge = await settlement.findCharge(deps.db, p.paymentId);
    if (charge && (await settlement.withdrawCharge(deps, charge)) === 'paid')
      throw conflict('O Pix desta venda acabou de ser pago: a venda está concluída.', 'SALE_PAID');
  }
  const done = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockSale(tx, sale.id);
    if (!locked || locked.status !== POS_SALE_STATUS.awaitingPayment) return locked;
    if (await giveUp(tx, locked, user.id))
      await recordChange(tx, actor, {
        action: 'cancel',
        entity: 'counter_sale',
        entityId: sale.id,
        before: { status: locked.status },
        after: { status: POS_SALE_STATUS.cancelled },
        storeId: locked.storeId,
      });
    return repo.findSale(tx, sale.id);
  });
  if (!done) throw notFound(SALE_NOT_FOUND);
  if (done.status !== POS_SALE_STATUS.cancelled) throw notWaiting(done.status);
  return saleView(deps.db, done);
}

const notWaiting = (status: string) =>
  conflict(
    status === POS_SALE_STATUS.completed ? 'Esta venda já está concluída.' : 'Esta venda já foi cancelada.',
    'SALE_NOT_WAITING',
  );

/**
 * Gives a sale that never completed its stock back (a counter Pix expired or was cancelled); its
 * payments still pending in the ledger (the Pix, the cash and card held with it) are cancelled.
 */
export async function giveUp(tx: Tx, sale: repo.SaleRow, userId: number) {
  if (!(await repo.moveSale(tx, sale.id, POS_SALE_STATUS.awaitingPayment, POS_SALE_STATUS.cancelled))) return false;
  for (const p of await repo.paymentsOf(tx, sale.id)) await payments.cancelPending(tx, p.paymentId);
  const items = await repo.itemsOf(tx, sale.id);
  const lines = items.flatMap((item) =>
    item.productId !== null ? [{ productId: item.productId, quantity: item.quantity }] : [],
  );
  await stock.giveBack(
    tx,
    { storeId: sale.storeId, ref: `pos-sale:${sale.id}`, userId, reason: 'cancelamento' },
    lines,
  );
  return true;
}

/**
 * A waiting counter Pix was paid (the ledger moved it, in this transaction): nothing else waiting,
 * the sale completes, the cash and card held with it are received, and its packages are granted.
 */
export async function pixPaid(tx: Tx, paymentId: number) {
  const payment = await repo.findPaymentByCharge(tx, paymentId);
  if (!payment) return;
  const sale = await repo.lockSale(tx, payment.saleId);
  if (!sale || sale.status !== POS_SALE_STATUS.awaitingPayment) return;
  const paid = await salePayments(tx, sale.id);
  if (paid.some(waitingPix)) return;
  if (!(await repo.moveSale(tx, sale.id, POS_SALE_STATUS.awaitingPayment, POS_SALE_STATUS.completed))) return;
  await ledger.settleCounterPayments(
    tx,
    paid.map((p) => p.paymentId),
  );
  await grantPackages(tx, sale.id);
}

/** A waiting counter Pix expired: the sale is cancelled and its units go back on the shelf. */
export async function pixExpired(tx: Tx, paymentId: number) {
  const payment = await repo.findPaymentByCharge(tx, paymentId);
  if (!payment) return;
  const sale = await repo.lockSale(tx, payment.saleId);
  if (sale) await giveUp(tx, sale, sale.operatorId);
}
