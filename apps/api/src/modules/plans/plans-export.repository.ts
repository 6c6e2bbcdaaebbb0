import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { plans, subscriptionDates, subscriptions } from '../../db/schema';
import { cyclesOf } from './cycles.repository';

/** LGPD export: the person's subscriptions as stored, with their plan's name, dates and charges. */
export async function exportOf(db: Executor, userId: number) {
  const rows = await db
    .select({ subscription: subscriptions, planName: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.id));
  const ids = rows.map((r) => r.subscription.id);
  const [dates, cycles] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select()
          .from(subscriptionDates)
          .where(inArray(subscriptionDates.subscriptionId, ids))
          .orderBy(asc(subscriptionDates.onDate)),
    cyclesOf(db, ids),
  ]);
  return rows.map(({ subscription, planName }) => ({
    ...subscription,
    planName,
    dates: dates.filter((d) => d.subscriptionId === subscription.id).map(({ subscriptionId: _, ...d }) => d),
    cycles: cycles.filter((c) => c.subscriptionId === subscription.id).map(({ subscriptionId: _, ...c }) => c),
  }));
}
