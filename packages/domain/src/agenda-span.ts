import { SLOT_MINUTES } from './constants';
import { fromMinutes, toMinutes } from './slots';

interface SpanSource {
  hours: { start: string; end: string } | null;
  appointments: readonly { appointment_time: string; end_time: string }[];
}

/**
 * The rows of an agenda day: from the earliest start to the latest end of the employees' working
 * hours, widened to any appointment outside them and to whole 30-minute slots; null when nobody
 * works and nothing is booked.
 */
export function agendaSpan(columns: readonly SpanSource[]): { start: string; end: string } | null {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const { hours, appointments } of columns) {
    const spans = hours ? [{ start: hours.start, end: hours.end }] : [];
    for (const a of appointments) spans.push({ start: a.appointment_time, end: a.end_time });
    for (const { start, end } of spans) {
      first = Math.min(first, toMinutes(start));
      last = Math.max(last, toMinutes(end));
    }
  }
  if (!Number.isFinite(first) || last <= first) return null;
  return {
    start: fromMinutes(Math.floor(first / SLOT_MINUTES) * SLOT_MINUTES),
    end: fromMinutes(Math.min(24 * 60, Math.ceil(last / SLOT_MINUTES) * SLOT_MINUTES)),
  };
}
