import { SUBSCRIPTION_STATUS } from '@petshop/domain';
import { and, asc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { appointments, subscriptionDates, subscriptions } from '../../db/schema';

/** Claims a date of the series: undefined when it was claimed already (by this or another instance). */
export const claimDate = async (tx: Tx, subscriptionId: number, onDate: string) =>
  (
    await tx
      .insert(subscriptionDates)
      .values({ subscriptionId, onDate, state: 'pendente' })
      .onConflictDoNothing()
      .returning({ onDate: subscriptionDates.onDate })
  )[0];

export const setDate = async (
  tx: Tx,
  subscriptionId: number,
  onDate: string,
  state: 'agendado' | 'a remarcar' | 'liberado',
  appointmentId: number | null,
) => {
  await tx
    .update(subscriptionDates)
    .set({ state, appointmentId })
    .where(and(eq(subscriptionDates.subscriptionId, subscriptionId), eq(subscriptionDates.onDate, onDate)));
};

export const datesFrom = (db: Executor, subscriptionIds: number[], from: string) =>
  subscriptionIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          subscriptionId: subscriptionDates.subscriptionId,
          onDate: subscriptionDates.onDate,
          state: subscriptionDates.state,
          appointmentId: subscriptionDates.appointmentId,
          time: appointments.appointmentTime,
          appointmentStatus: appointments.status,
        })
        .from(subscriptionDates)
        .leftJoin(appointments, eq(appointments.id, subscriptionDates.appointmentId))
        .where(and(inArray(subscriptionDates.subscriptionId, subscriptionIds), gte(subscriptionDates.onDate, from)))
        .orderBy(asc(subscriptionDates.onDate));

/** Drops the future dates (after a pause or a change of weekday): booking ahead claims them afresh. */
export const dropDatesFrom = async (tx: Tx, subscriptionId: number, from: string) => {
  await tx
    .delete(subscriptionDates)
    .where(and(eq(subscriptionDates.subscriptionId, subscriptionId), gte(subscriptionDates.onDate, from)));
};

/** The last date claimed of each active subscription whose booking does not reach `horizon` yet. */
export const behindHorizon = (db: Executor, horizon: string, afterId: number, limit: number) =>
  db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        gt(subscriptions.id, afterId),
        inArray(subscriptions.status, [SUBSCRIPTION_STATUS.active, SUBSCRIPTION_STATUS.awaiting]),
        sql`coalesce((select max(${subscriptionDates.onDate}) from ${subscriptionDates} where ${subscriptionDates.subscriptionId} = ${subscriptions.id}), ${subscriptions.anchorDate} - 1) < ${horizon}::date - case ${subscriptions.frequency} when 'SEMANAL' then 7 when 'QUINZENAL' then 14 else 28 end`,
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(limit);
