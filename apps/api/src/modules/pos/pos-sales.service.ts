import {
  fromCents,
  type PaymentOwner,
  POS_SALE_STATUS,
  type PosSaleView,
  type posSaleBody,
  toCents,
} from '@petshop/domain';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertSameRequest, KEY_REUSED_MESSAGE, requestHash } from '../../lib/idempotency';
import { violatedConstraint } from '../../lib/pg-error';
import { type Actor, recordChange } from '../audit/audit.service';
import * as ledger from '../payments/counter-payments';
import type { PaymentProvider } from '../payments/payment-clients';
import type { RailConfig } from '../payments/payment-rails';
import * as payments from '../payments/payments.service';
import * as repo from './pos.repository';
import { isCounterPart, type PlannedPayment, planPayments } from './pos-payment-plan';
import { priceItems } from './pos-pricing';
import { grantPackages } from './pos-sale-packages';
import { saleView, visibleSale } from './pos-sale-view';
import { withOpenSession } from './pos-sessions.service';
import * as stock from './pos-stock';

type SaleInput = z.output<typeof posSaleBody>;

export interface SaleDeps {
  db: Db;
  provider: PaymentProvider;
  config: Pick<Config, 'PIX_EXPIRATION_SECONDS' | 'BOLETO_DAYS_TO_PAY'> & RailConfig;
}

/** A Pix at the counter is paid while the customer waits: 10 minutes at most. */
const COUNTER_PIX_SECONDS = 600;

/**
 * The ledger row of each planned payment, in the plan's order: the Pix charge already recorded,
 * cash and terminal card recorded here (held pending while the sale waits for its Pix).
 */
async function withLedgerIds(
  tx: Tx,
  payer: { owner: PaymentOwner; storeId: number; userId: number | null },
  planned: PlannedPayment[],
  pixId: number | null,
  held: boolean,
) {
  const counterIds = await ledger.recordCounterPayments(tx, payer, planned.filter(isCounterPart), held);
  let next = 0;
  return planned.map((p) => {
    const id = p.method === 'Pix' ? pixId : counterIds[next++];
    if (id === null || id === undefined) throw new Error(`no ledger row for the counter's ${p.method}`);
    return { ...p, paymentId: id };
  });
}

/** The first sale made under this key, if this is a replay of it (another body or operator: 409). */
async function replayOf(db: Db, user: AuthUser, key: string, hash: string) {
  const earlier = await repo.findSaleByKey(db, key);
  if (!earlier) return undefined;
  // Another operator's sale under the same key is another request, like another body.
  if (earlier.operatorId !== user.id) throw conflict(KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED');
  assertSameRequest({ hash: earlier.requestHash }, hash);
  return saleView(db, earlier);
}

/**
 * A counter sale, in one transaction: the session locked against its closing, the store's stock
 * taken (all or nothing), the items and payments written. A counter Pix is issued at the PSP before
 * the transaction (a PSP that is down leaves nothing written) and the sale waits for it; anything
 * else completes the sale at once. The same Idempotency-Key answers the same sale, never a second.
 */
export async function sell(
  deps: SaleDeps,
  user: AuthUser,
  actor: Actor,
  body: SaleInput,
  key: string,
): Promise<PosSaleView> {
  const { db } = deps;
  // A counter Pix is a charge at the shop's Pix PSP; cash and the store's own card terminal are not.
  if (body.payments.some((p) => p.method === 'Pix')) payments.assertOffered(deps, 'Pix');
  const hash = requestHash(body);
  const replay = await replayOf(db, user, key, hash);
  if (replay) return replay;
  const { lines, customerId: petOwner } = await priceItems(db, body.items);
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = body.discount === undefined ? 0 : toCents(body.discount);
  if (discountCents > subtotalCents) throw badRequest('O desconto passa do valor da venda.', 'DISCOUNT_TOO_LARGE');
  const totalCents = subtotalCents - discountCents;
  const plan = planPayments(totalCents, body.payments);
  const pixPart = plan.payments.find((p) => p.method === 'Pix');
  // The PSP is asked only for a sale that can happen: a till that is not open and the caller's
  // answers before any charge exists (the sale's own transaction checks it again, locked).
  if (pixPart) await db.transaction((tx) => withOpenSession(tx, user, body.sessionId, async () => undefined));
  const pix = pixPart
    ? await payments.issueBankCharge(
        {
          ...deps,
          config: {
            ...deps.config,
            PIX_EXPIRATION_SECONDS: Math.min(COUNTER_PIX_SECONDS, deps.config.PIX_EXPIRATION_SECONDS),
          },
        },
        'Pix',
        pixPart.amountCents,
        () => Promise.reject(new Error('a Pix charge needs no payer')),
      )
    : undefined;
  try {
    const sale = await db.transaction((tx) =>
      withOpenSession(tx, user, body.sessionId, async (session) => {
        const waits = pix !== undefined && pix.status === 'Pendente';
        const sale = await repo.insertSale(tx, {
          sessionId: session.id,
          storeId: session.storeId,
          operatorId: user.id,
          customerId: body.customerId ?? petOwner,
          cpf: body.cpf ?? null,
          idempotencyKey: key,
          requestHash: hash,
          status: waits ? POS_SALE_STATUS.awaitingPayment : POS_SALE_STATUS.completed,
          subtotalCents,
          discountCents,
          totalCents,
          changeCents: plan.changeCents,
          completedAt: waits ? null : new Date(),
        });
        const products = lines.flatMap((line) =>
          line.productId !== null ? [{ productId: line.productId, quantity: line.quantity }] : [],
        );
        const move = { storeId: session.storeId, ref: `pos-sale:${sale.id}`, userId: user.id };
        const taken = await stock.take(tx, move, products);
        if ('shortOf' in taken) {
          const name = lines.find((line) => line.productId === taken.shortOf)?.name ?? '';
          throw conflict(`Estoque insuficiente para "${name}" nesta loja.`, 'OUT_OF_STOCK');
        }
        await repo.insertItems(
          tx,
          lines.map((line) => ({ ...line, saleId: sale.id })),
        );
        if (!waits) await grantPackages(tx, sale.id);
        const owner: PaymentOwner = { kind: 'pos_sale', id: sale.id };
        const pixId =
          pix && pix.totalCents > 0
            ? await payments.recordCharge(tx, { owner, storeId: session.storeId, userId: user.id }, 'Pix', pix, {
                key: `pos-${key}`,
                hash,
              })
            : null;
        const recorded = await withLedgerIds(
          tx,
          { owner, storeId: session.storeId, userId: sale.customerId },
          plan.payments,
          pixId,
          waits,
        );
        await repo.insertPayments(
          tx,
          recorded.map((p) => ({
            saleId: sale.id,
            method: p.method,
            amountCents: p.amountCents,
            receivedCents: p.receivedCents,
            paymentId: p.paymentId,
          })),
        );
        await recordChange(tx, actor, {
          action: 'create',
          entity: 'counter_sale',
          entityId: sale.id,
          after: {
            status: sale.status,
            total: fromCents(totalCents),
            discount: fromCents(discountCents),
            methods: plan.payments.map((p) => p.method),
          },
          storeId: session.storeId,
        });
        return sale;
      }),
    );
    return saleView(db, sale);
  } catch (error) {
    // The same key committed by a parallel request (a retry racing the first): answer that sale.
    if (violatedConstraint(error) === 'pos_sales_idempotency_uq') {
      const earlier = await replayOf(db, user, key, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
}

export const get = async (db: Db, user: AuthUser, id: number) => saleView(db, await visibleSale(db, user, id));
