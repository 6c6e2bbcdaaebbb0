import { CYCLE_STATUS, SUBSCRIPTION_STATUS } from '@petshop/domain';
import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { subscriptionCycles, subscriptionDates, subscriptions } from '../../db/schema';

export type CycleRow = typeof subscriptionCycles.$inferSelect;

/** The dates of active subscriptions in [from, to] with no cycle yet: the charges to send. */
export const datesToCharge = (db: Executor, today: string, from: string, to: string, limit: number) =>
  db
    .select({ subscription: subscriptions, onDate: subscriptionDates.onDate })
    .from(subscriptionDates)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDates.subscriptionId))
    .where(
      and(
        eq(subscriptions.status, SUBSCRIPTION_STATUS.active),
        inArray(subscriptionDates.state, ['agendado', 'a remarcar']),
        // Pix Automático: 2 to 10 days ahead, once authorised; a saved card: from 2 days ahead to the date.
        sql`((${subscriptions.recStatus} = 'APROVADA' and ${subscriptionDates.onDate} between ${from}::date and ${to}::date)
          or (${subscriptions.cardId} is not null and ${subscriptionDates.onDate} between ${today}::date and ${from}::date))`,
        sql`not exists (select 1 from ${subscriptionCycles} c where c.subscription_id = ${subscriptions.id} and c.due_on = ${subscriptionDates.onDate})`,
      ),
    )
    .orderBy(asc(subscriptionDates.onDate), asc(subscriptions.id))
    .limit(limit);

/** Creates the cycle once: undefined when another run created it. */
export const insertCycle = async (tx: Executor, values: typeof subscriptionCycles.$inferInsert) =>
  (await tx.insert(subscriptionCycles).values(values).onConflictDoNothing().returning())[0];

/** The cycle a ledger payment is the latest charge of. */
export const findCycleByPayment = async (db: Executor, paymentId: number) =>
  (await db.select().from(subscriptionCycles).where(eq(subscriptionCycles.paymentId, paymentId)))[0];

export const findCycle = async (db: Executor, id: number) =>
  (await db.select().from(subscriptionCycles).where(eq(subscriptionCycles.id, id)))[0];

export const findCycleByTxid = async (db: Executor, txid: string) =>
  (await db.select().from(subscriptionCycles).where(eq(subscriptionCycles.txid, txid)))[0];

/** Moves a cycle from one status to another: undefined when it was not in `from` any more (another run moved it). */
export const moveCycle = async (
  db: Executor,
  id: number,
  from: readonly string[],
  values: Partial<Pick<CycleRow, 'status' | 'attempts' | 'retryOn' | 'failure' | 'paymentId'>>,
) =>
  (
    await db
      .update(subscriptionCycles)
      .set(values)
      .where(and(eq(subscriptionCycles.id, id), inArray(subscriptionCycles.status, [...from])))
      .returning()
  )[0];

export const cyclesInStatus = (db: Executor, statuses: readonly string[], dueBy: string, limit: number, afterId = 0) =>
  db
    .select()
    .from(subscriptionCycles)
    .where(
      and(
        inArray(subscriptionCycles.status, [...statuses]),
        lte(subscriptionCycles.dueOn, dueBy),
        gt(subscriptionCycles.id, afterId),
      ),
    )
    .orderBy(asc(subscriptionCycles.id))
    .limit(limit);

/** Failed cycles whose next retry is due. */
export const retriesDue = (db: Executor, today: string, limit: number) =>
  db
    .select()
    .from(subscriptionCycles)
    .where(and(eq(subscriptionCycles.status, CYCLE_STATUS.failed), lte(subscriptionCycles.retryOn, today)))
    .orderBy(asc(subscriptionCycles.retryOn), asc(subscriptionCycles.id))
    .limit(limit);

export const cyclesOf = (db: Executor, subscriptionIds: number[]) =>
  subscriptionIds.length === 0
    ? Promise.resolve([] as CycleRow[])
    : db
        .select()
        .from(subscriptionCycles)
        .where(inArray(subscriptionCycles.subscriptionId, subscriptionIds))
        .orderBy(asc(subscriptionCycles.dueOn));

/** Open charges from a date on (to cancel at the PSP on pause or cancellation). */
export const openCyclesFrom = (db: Executor, subscriptionId: number, from: string) =>
  db
    .select()
    .from(subscriptionCycles)
    .where(
      and(
        eq(subscriptionCycles.subscriptionId, subscriptionId),
        gte(subscriptionCycles.dueOn, from),
        inArray(subscriptionCycles.status, [CYCLE_STATUS.pending, CYCLE_STATUS.charged]),
      ),
    );
