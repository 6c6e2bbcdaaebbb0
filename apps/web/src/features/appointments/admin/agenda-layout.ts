import { type AgendaAppointment, addDays, SCHEDULE_TIME_MARKS, type WorkingHours, weekdayOf } from '@petshop/domain';

// 'HH:MM' strings sort in time order, so rows are found by comparing them.

/** The start of each 30-minute row from `start` to `end` ('08:00'…'17:30' for 08:00–18:00). */
export const timeRows = (start: string, end: string): string[] =>
  SCHEDULE_TIME_MARKS.filter((mark) => mark >= start && mark < end);

/** The row a time falls in (a time between marks belongs to the row it started in). */
const rowOf = (rows: readonly string[], time: string) => Math.max(0, rows.filter((row) => row <= time).length - 1);
/** The row boundary where something ending at `time` stops. */
const rowEnd = (rows: readonly string[], time: string) => rows.filter((row) => row < time).length;

/** Where an appointment sits in its column: first row, rows spanned, and its lane among overlapping ones. */
export interface PlacedBlock {
  appointment: AgendaAppointment;
  /** 0-based row from the day's start */
  row: number;
  span: number;
  lane: number;
  /** how many lanes its group of overlapping appointments needs */
  lanes: number;
}

/**
 * Blocks of one employee's column. Active appointments never overlap (the database refuses it), but
 * a no-show frees its time and a new booking may take it: those share the width side by side.
 */
export function placeBlocks(appointments: readonly AgendaAppointment[], rows: readonly string[]): PlacedBlock[] {
  const sorted = [...appointments].sort((a, b) => a.appointment_time.localeCompare(b.appointment_time) || a.id - b.id);
  const placed: PlacedBlock[] = [];
  let group: PlacedBlock[] = [];
  let laneEnds: string[] = [];
  let groupEnd = '';
  const closeGroup = () => {
    for (const block of group) block.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const appointment of sorted) {
    const { appointment_time: start, end_time: end } = appointment;
    if (start >= groupEnd) closeGroup();
    groupEnd = group.length === 0 || end > groupEnd ? end : groupEnd;
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    const row = rowOf(rows, start);
    const block = { appointment, row, span: Math.max(1, rowEnd(rows, end) - row), lane, lanes: 1 };
    group.push(block);
    placed.push(block);
  }
  closeGroup();
  return placed;
}

/** The rows outside the employee's hours (all of them on a day off), as shaded bands. */
export function offHours(hours: WorkingHours | null, rows: readonly string[]): { row: number; span: number }[] {
  if (!hours) return [{ row: 0, span: rows.length }];
  const first = rowEnd(rows, hours.start);
  const last = rowEnd(rows, hours.end);
  return [
    { row: 0, span: first },
    { row: last, span: rows.length - last },
  ].filter((band) => band.span > 0);
}

/** The Monday of the week of `date` (the week view runs Monday to Sunday). */
export const weekStart = (date: string): string => addDays(date, -((weekdayOf(date) + 6) % 7));
