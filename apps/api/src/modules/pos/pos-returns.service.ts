import {
  fromCents,
  POS_METHODS,
  POS_SALE_STATUS,
  type PosMethod,
  type PosReturnView,
  type posReturnBody,
  returnedLineCents,
  splitRefund,
} from '@petshop/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertSameRequest, requestHash } from '../../lib/idempotency';
import { violatedConstraint } from '../../lib/pg-error';
import { type Actor, recordChange } from '../audit/audit.service';
import * as packages from '../packages/packages.service';
import * as ledger from '../payments/counter-payments';
import type { RefundDeps } from '../payments/refunds.service';
import * as repo from './pos.repository';
import { salePayments, visibleSale } from './pos-sale-view';
import { isSupervisor, sessionClosed } from './pos-sessions.service';
import * as stock from './pos-stock';

type ReturnInput = z.output<typeof posReturnBody>;

const NEEDS_OPEN_SESSION = 'Abra o caixa nesta loja para devolver em dinheiro.';

export const returnView = (row: repo.ReturnRow): PosReturnView => ({
  id: row.id,
  saleId: row.saleId,
  total: fromCents(row.totalCents),
  items: row.items.map((item) => ({
    saleItemId: item.saleItemId,
    kind: item.kind ?? 'produto',
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

interface Picked {
  saleItemId: number;
  kind: repo.SaleItemRow['kind'];
  productId: number | null;
  packageId: number | null;
  quantity: number;
  amountCents: number;
}

/** What a returned line paid: its gross with the sale's discount shared out. */
const paidFor = (sale: repo.SaleRow, item: repo.SaleItemRow, quantity: number) =>
  returnedLineCents(sale, item.unitPriceCents, quantity);

const alreadyReturned = (name: string) => conflict(`"${name}" já foi devolvido.`, 'ALREADY_RETURNED');

/** Which sale items the returned units come from, and what they paid (the sale's discount shared out). */
function pickUnits(sale: repo.SaleRow, items: repo.SaleItemRow[], wanted: ReturnInput['items']) {
  const perProduct = new Map<number, number>();
  const picked: Picked[] = [];
  const lines = new Set<number>();
  for (const w of wanted) {
    if ('productId' in w) {
      perProduct.set(w.productId, (perProduct.get(w.productId) ?? 0) + w.quantity);
      continue;
    }
    // A service or a package comes back whole, once.
    const item = items.find((i) => i.id === w.saleItemId);
    if (!item) throw conflict(`O item ${w.saleItemId} não está nesta venda.`, 'NOT_IN_SALE');
    if (item.kind === 'produto')
      throw badRequest('Um produto volta por unidades: informe productId e quantity.', 'PRODUCT_BY_UNITS');
    if (lines.has(item.id) || item.returnedQuantity >= item.quantity) throw alreadyReturned(item.name);
    lines.add(item.id);
    const quantity = item.quantity - item.returnedQuantity;
    picked.push({
      saleItemId: item.id,
      kind: item.kind,
      productId: null,
      packageId: item.packageId,
      quantity,
      amountCents: paidFor(sale, item, quantity),
    });
  }
  for (const [productId, quantity] of perProduct) {
    const productLines = items.filter((item) => item.productId === productId);
    if (productLines.length === 0) throw conflict(`O produto ${productId} não está nesta venda.`, 'NOT_IN_SALE');
    const left = productLines.reduce((sum, item) => sum + item.quantity - item.returnedQuantity, 0);
    if (left < quantity) {
      const name = productLines[0]?.name ?? '';
      throw left === 0
        ? alreadyReturned(name)
        : conflict(`Só ${left} unidade(s) de "${name}" ainda podem ser devolvidas.`, 'ALREADY_RETURNED');
    }
    let rest = quantity;
    for (const item of productLines) {
      const take = Math.min(rest, item.quantity - item.returnedQuantity);
      if (take <= 0) continue;
      picked.push({
        saleItemId: item.id,
        kind: 'produto',
        productId,
        packageId: null,
        quantity: take,
        amountCents: paidFor(sale, item, take),
      });
      rest -= take;
    }
  }
  return picked;
}

/**
 * A returned package takes its credits back (the grant of this sale line); one whose credits were
 * used (or expired) is not returned: the whole return is refused and nothing changes.
 */
async function withdrawPackages(tx: Tx, sale: repo.SaleRow, items: repo.SaleItemRow[], picked: Picked[]) {
  for (const p of picked) {
    if (p.kind !== 'pacote') continue;
    const name = items.find((i) => i.id === p.saleItemId)?.name ?? '';
    await packages.withdrawOrRefuse(
      tx,
      'balcao',
      `venda-${sale.id}-item-${p.saleItemId}`,
      packages.WHOLE,
      `"${name}": créditos deste pacote já foram usados ou venceram, então ele não pode ser devolvido.`,
    );
  }
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
 * Units of a completed sale come back: restocked and paid back by the sale's methods, each a refund
 * of the payments ledger (cash from the drawer of whoever takes the return and a card on the store's
 * terminal concluded at once, a counter Pix by a devolução at the PSP after the commit). The sale row
 * is locked, so every unit comes back at most once; the same Idempotency-Key answers the same return.
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
  const hash = requestHash(body);
  /** The return kept under the caller's key, if any: the same body answers it, another is a 409. */
  const keptUnder = async (executor: Db | Tx, requestKey: string) => {
    const earlier = await repo.findReturnByKey(executor, sale.id, requestKey);
    if (earlier) assertSameRequest({ hash: earlier.requestHash }, hash);
    return earlier;
  };
  if (key) {
    const earlier = await keptUnder(db, key);
    if (earlier) return returnView(earlier);
  }
  let created: repo.ReturnRow;
  let refunded: Awaited<ReturnType<typeof ledger.refundAtCounter>>[] = [];
  try {
    ({ created, refunded } = await db.transaction(async (tx) => {
      const locked = await repo.lockSale(tx, sale.id);
      if (!locked) throw notFound('Venda não encontrada.');
      // A parallel request with the same key committed while we waited for the sale: answer it.
      const earlier = key ? await keptUnder(tx, key) : undefined;
      if (earlier) return { created: earlier, refunded: [] };
      if (locked.status !== POS_SALE_STATUS.completed)
        throw conflict('Só uma venda concluída pode ter devolução.', 'SALE_NOT_COMPLETED');
      const items = await repo.itemsOf(tx, sale.id);
      const picked = pickUnits(locked, items, body.items);
      // Nothing comes back from a service already done: only a supervisor pays one back.
      if (picked.some((p) => p.kind === 'servico') && !isSupervisor(user))
        throw forbidden('Só o gerente ou o administrador devolve um serviço já prestado.');
      await withdrawPackages(tx, locked, items, picked);
      const paid = (await salePayments(tx, sale.id)).map((p) => ({
        ...p,
        paidCents: p.ledger.totalCents,
        refundedCents: p.ledger.refundedCents,
        refundable: ledger.mayRefund(p.ledger.status),
      }));
      const totalCents = picked.reduce((sum, p) => sum + p.amountCents, 0);
      const parts = splitRefund(totalCents, paid);
      const sessionId = await drawerFor(
        tx,
        user,
        locked.storeId,
        parts.some((p) => p.payment.method === 'Dinheiro'),
      );
      const refunds: Partial<Record<PosMethod, number>> = {};
      for (const part of parts) refunds[part.payment.method] = (refunds[part.payment.method] ?? 0) + part.cents;
      for (const p of picked) await repo.addReturned(tx, p.saleItemId, p.quantity);
      const row = await repo.insertReturn(tx, {
        saleId: sale.id,
        sessionId,
        userId: user.id,
        requestKey: key ?? null,
        requestHash: key ? hash : null,
        totalCents,
        refunds,
        items: picked.map(({ saleItemId, kind, productId, quantity, amountCents }) => ({
          saleItemId,
          kind,
          productId,
          quantity,
          amountCents,
        })),
      });
      await recordChange(tx, actor, {
        action: 'return',
        entity: 'counter_sale',
        entityId: sale.id,
        after: {
          returnId: row.id,
          total: fromCents(totalCents),
          items: picked.map(({ saleItemId, kind, productId, quantity }) => ({ saleItemId, kind, productId, quantity })),
        },
        storeId: locked.storeId,
      });
      await stock.giveBack(
        tx,
        { storeId: locked.storeId, ref: `pos-return:${row.id}`, userId: user.id, reason: 'devolucao' },
        picked.flatMap((p) => (p.productId !== null ? [{ productId: p.productId, quantity: p.quantity }] : [])),
      );
      // Every method gives back through the ledger, keyed by this return: never twice.
      const written = [];
      for (const part of parts)
        written.push(
          await ledger.refundAtCounter(tx, user.id, {
            paymentId: part.payment.paymentId,
            amountCents: part.cents,
            reason: `Devolução no balcão (venda ${sale.id})`,
            requestKey: `pos-devolucao-${row.id}`,
          }),
        );
      return { created: row, refunded: written };
    }));
  } catch (error) {
    if (key && violatedConstraint(error) === 'pos_returns_request_uq') {
      const earlier = await keptUnder(db, key);
      if (earlier) return returnView(earlier);
    }
    throw error;
  }
  // A Pix goes back at the PSP after the commit; one that does not answer now is retried by the refund job.
  try {
    await ledger.sendCounterRefunds(deps, refunded);
  } catch (error) {
    deps.log.error({ err: error, returnId: created.id }, 'counter return: the Pix refund was not requested');
  }
  return returnView(created);
}
