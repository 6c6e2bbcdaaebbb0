import {
  fromCents,
  POS_METHODS,
  POS_SALE_STATUS,
  type PosMethod,
  type PosReturnView,
  type posReturnBody,
} from '@petshop/domain';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { violatedConstraint } from '../../lib/pg-error';
import { type Actor, recordChange } from '../audit/audit.service';
import { type RefundDeps, refundPayment } from '../payments/refunds.service';
import * as repo from './pos.repository';
import { visibleSale } from './pos-sales.service';
import { sessionClosed } from './pos-sessions.service';
import * as stock from './pos-stock';

type ReturnInput = z.output<typeof posReturnBody>;

const NEEDS_OPEN_SESSION = 'Abra o caixa nesta loja para devolver em dinheiro.';

export const returnView = (row: repo.ReturnRow): PosReturnView => ({
  id: row.id,
  saleId: row.saleId,
  total: fromCents(row.totalCents),
  items: row.items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    amount: fromCents(item.amountCents),
  })),
  // jsonb keeps keys in its own order: the methods are listed in POS_METHODS' order.
  refunds: POS_METHODS.flatMap((method) => {
    const cents = row.refunds[method];
    return cents ? [{ method, amount: fromCents(cents) }] : [];
  }),
  createdAt: row.createdAt.toISOString(),
});

/** Which sale items the returned units come from, and what they paid (the sale's discount shared out). */
function pickUnits(sale: repo.SaleRow, items: repo.SaleItemRow[], wanted: ReturnInput['items']) {
  const perProduct = new Map<number, number>();
  for (const w of wanted) perProduct.set(w.productId, (perProduct.get(w.productId) ?? 0) + w.quantity);
  const picked: { saleItemId: number; productId: number; quantity: number; amountCents: number }[] = [];
  for (const [productId, quantity] of perProduct) {
    const lines = items.filter((item) => item.productId === productId);
    if (lines.length === 0) throw conflict(`O produto ${productId} não está nesta venda.`, 'NOT_IN_SALE');
    const left = lines.reduce((sum, item) => sum + item.quantity - item.returnedQuantity, 0);
    if (left < quantity) {
      const name = lines[0]?.name ?? '';
      throw conflict(
        left === 0 ? `"${name}" já foi devolvido.` : `Só ${left} unidade(s) de "${name}" ainda podem ser devolvidas.`,
        'ALREADY_RETURNED',
      );
    }
    let rest = quantity;
    for (const item of lines) {
      const take = Math.min(rest, item.quantity - item.returnedQuantity);
      if (take <= 0) continue;
      const gross = item.unitPriceCents * take;
      const amountCents = sale.subtotalCents === 0 ? 0 : Math.round((gross * sale.totalCents) / sale.subtotalCents);
      picked.push({ saleItemId: item.id, productId, quantity: take, amountCents });
      rest -= take;
    }
  }
  return picked;
}

/** The money back, by the sale's own methods, each up to what it paid and has not given back yet. */
function splitRefund(amountCents: number, paid: repo.SalePaymentRow[]) {
  const parts: { payment: repo.SalePaymentRow; cents: number }[] = [];
  let rest = amountCents;
  for (const p of paid) {
    if (rest === 0) break;
    if (p.status !== 'Aprovado') continue;
    const cents = Math.min(rest, p.amountCents - p.refundedCents);
    if (cents <= 0) continue;
    parts.push({ payment: p, cents });
    rest -= cents;
  }
  return parts;
}

async function drawerFor(tx: Tx, user: AuthUser, storeId: number, needed: boolean) {
  const open = await repo.findOpenSession(tx, user.id, storeId);
  if (!open) {
    if (needed) throw conflict(NEEDS_OPEN_SESSION, 'SESSION_REQUIRED');
    return null;
  }
  const locked = await repo.lockSession(tx, open.id, 'share');
  if (!locked || locked.closedAt) {
    if (needed) throw sessionClosed();
    return null;
  }
  return locked.id;
}

/**
 * Units of a completed sale come back: restocked and paid back by the sale's methods (cash from the
 * drawer of whoever takes the return, a counter Pix by a devolução at the PSP, a card on the store's
 * terminal recorded here). The sale row is locked, so every unit comes back at most once; the same
 * Idempotency-Key answers the same return.
 */
export async function returnItems(
  deps: RefundDeps,
  user: AuthUser,
  actor: Actor,
  saleId: number,
  body: ReturnInput,
  key: string | undefined,
): Promise<PosReturnView> {
  const { db } = deps;
  const sale = await visibleSale(db, user, saleId);
  if (key) {
    const earlier = await repo.findReturnByKey(db, sale.id, key);
    if (earlier) return returnView(earlier);
  }
  let created: repo.ReturnRow;
  let pixParts: { paymentId: number; cents: number }[] = [];
  try {
    ({ created, pixParts } = await db.transaction(async (tx) => {
      const locked = await repo.lockSale(tx, sale.id);
      if (!locked) throw notFound('Venda não encontrada.');
      // A parallel request with the same key committed while we waited for the sale: answer it.
      const earlier = key ? await repo.findReturnByKey(tx, sale.id, key) : undefined;
      if (earlier) return { created: earlier, pixParts: [] };
      if (locked.status !== POS_SALE_STATUS.completed)
        throw conflict('Só uma venda concluída pode ter devolução.', 'SALE_NOT_COMPLETED');
      const picked = pickUnits(locked, await repo.itemsOf(tx, sale.id), body.items);
      const paid = await repo.paymentsOf(tx, sale.id);
      const totalCents = picked.reduce((sum, p) => sum + p.amountCents, 0);
      const parts = splitRefund(totalCents, paid);
      const sessionId = await drawerFor(
        tx,
        user,
        locked.storeId,
        parts.some((p) => p.payment.method === 'Dinheiro'),
      );
      const refunds: Partial<Record<PosMethod, number>> = {};
      for (const part of parts) {
        refunds[part.payment.method] = (refunds[part.payment.method] ?? 0) + part.cents;
        await repo.addRefunded(tx, part.payment.id, part.cents);
      }
      for (const p of picked) await repo.addReturned(tx, p.saleItemId, p.quantity);
      const row = await repo.insertReturn(tx, {
        saleId: sale.id,
        sessionId,
        userId: user.id,
        requestKey: key ?? null,
        totalCents,
        refunds,
        items: picked,
      });
      await recordChange(tx, actor, {
        action: 'return',
        entity: 'counter_sale',
        entityId: sale.id,
        after: {
          returnId: row.id,
          total: fromCents(totalCents),
          items: picked.map(({ productId, quantity }) => ({ productId, quantity })),
        },
        storeId: locked.storeId,
      });
      await stock.giveBack(
        tx,
        { storeId: locked.storeId, ref: `pos-return:${row.id}`, userId: user.id, reason: 'devolucao' },
        picked.map((p) => ({ productId: p.productId, quantity: p.quantity })),
      );
      return {
        created: row,
        pixParts: parts.flatMap((p) =>
          p.payment.method === 'Pix' && p.payment.paymentId !== null
            ? [{ paymentId: p.payment.paymentId, cents: p.cents }]
            : [],
        ),
      };
    }));
  } catch (error) {
    if (key && violatedConstraint(error) === 'pos_returns_request_uq') {
      const earlier = await repo.findReturnByKey(db, sale.id, key);
      if (earlier) return returnView(earlier);
    }
    throw error;
  }
  // The Pix goes back through the payments module, keyed by this return: a retry never pays twice,
  // and a PSP that does not answer now is retried by its refund job.
  for (const part of pixParts) {
    try {
      await refundPayment(
        deps,
        user.id,
        part.paymentId,
        { amount: fromCents(part.cents), reason: `Devolução no balcão (venda ${sale.id})` },
        `pos-devolucao-${created.id}`,
      );
    } catch (error) {
      deps.log.error({ err: error, returnId: created.id }, 'counter return: the Pix refund was not requested');
    }
  }
  return returnView(created);
}
