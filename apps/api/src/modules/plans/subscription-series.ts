import {
  addDays,
  type BusinessMoment,
  bookingHorizon,
  isFutureSlot,
  nextWeekday,
  type PlanFrequency,
  seriesDates,
} from '@petshop/domain';
import type { Tx } from '../../db/client';
import { bookSeriesDate, releaseSeries } from '../appointments/series-booking';
import * as repo from './plans.repository';
import * as dates from './subscription-dates.repository';

/** The first date of a series: the weekday on or after today, next week's when today's time has passed. */
export function anchorFor(weekday: number, time: string, now: BusinessMoment) {
  const first = nextWeekday(now.date, weekday);
  return first === now.date && !isFutureSlot(first, time, now) ? addDays(first, 7) : first;
}

/**
 * Books every date of the series from today to 8 weeks ahead that is not booked yet, at its time or
 * the nearest free time that day (else listed to rebook). Each date is claimed in the plan's own
 * table first, so a second run, here or on another instance, books nothing twice.
 */
export async function bookAhead(tx: Tx, sub: repo.SubscriptionRow, now: BusinessMoment) {
  const plan = await repo.findPlan(tx, sub.planId);
  if (!plan) return;
  const due = seriesDates(sub.anchorDate, sub.frequency as PlanFrequency, now.date, bookingHorizon(now.date));
  for (const date of due) {
    if (!(await dates.claimDate(tx, sub.id, date))) continue;
    const result = await bookSeriesDate(
      tx,
      {
        userId: sub.userId,
        petId: sub.petId,
        serviceId: plan.serviceId,
        employeeId: sub.employeeId,
        date,
        preferredTime: sub.time,
        // paid by the plan's cycles
        priceCents: 0,
      },
      now,
    );
    if ('booked' in result) await dates.setDate(tx, sub.id, date, 'agendado', result.booked.appointmentId);
    else await dates.setDate(tx, sub.id, date, 'a remarcar', null);
  }
}

/** Frees the series' appointments from today on; `drop` forgets those dates (they are booked afresh later). */
export async function releaseFuture(tx: Tx, sub: repo.SubscriptionRow, now: BusinessMoment, drop: boolean) {
  const known = await dates.datesFrom(tx, [sub.id], now.date);
  const ids = known.flatMap((d) => (d.appointmentId === null ? [] : [d.appointmentId]));
  const freed = new Set(await releaseSeries(tx, ids, now));
  if (drop) {
    await dates.dropDatesFrom(tx, sub.id, now.date);
    return;
  }
  for (const d of known) {
    if (d.state === 'liberado') continue;
    if (d.appointmentId === null || freed.has(d.appointmentId))
      await dates.setDate(tx, sub.id, d.onDate, 'liberado', d.appointmentId);
  }
}

/** Frees the series' appointment of one date still to come (a cycle whose money went back). */
export async function releaseDate(tx: Tx, sub: repo.SubscriptionRow, onDate: string, now: BusinessMoment) {
  const known = (await dates.datesFrom(tx, [sub.id], now.date)).filter(
    (d) => d.onDate === onDate && d.state !== 'liberado',
  );
  const ids = known.flatMap((d) => (d.appointmentId === null ? [] : [d.appointmentId]));
  const freed = new Set(await releaseSeries(tx, ids, now));
  for (const d of known) {
    if (d.appointmentId === null || freed.has(d.appointmentId))
      await dates.setDate(tx, sub.id, d.onDate, 'liberado', d.appointmentId);
  }
}
