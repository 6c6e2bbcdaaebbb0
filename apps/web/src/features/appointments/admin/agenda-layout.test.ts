import type { AgendaAppointment } from '@petshop/domain';
import { describe, expect, test } from 'vitest';
import { offHours, placeBlocks, timeRows, weekStart } from './agenda-layout';

const appointment = (id: number, start: string, end: string): AgendaAppointment => ({
  id,
  appointment_time: start,
  end_time: end,
  durationMinutes: 30,
  status: 'Agendado',
  next: [],
  note: null,
  noteForCustomer: false,
  service: { id: 1, name: 'Banho' },
  price: 60,
  pet: { id: id, name: `Pet ${id}`, size: 'Médio', allergies: '' },
  customer: { name: 'Ana', phone: '11987654321' },
});

const ROWS = timeRows('08:00', '18:00');

describe('agenda layout', () => {
  test('a row every 30 minutes from the first start to the last end (the end itself is no row)', () => {
    expect(ROWS).toHaveLength(20);
    expect([ROWS[0], ROWS.at(-1)]).toEqual(['08:00', '17:30']);
    expect(timeRows('22:00', '24:00')).toEqual(['22:00', '22:30', '23:00', '23:30']);
  });

  test('a 90-minute block starts on its row and spans three; apart, blocks take the whole width', () => {
    const blocks = placeBlocks([appointment(2, '14:00', '14:30'), appointment(1, '10:00', '11:30')], ROWS);
    expect(blocks.map(({ appointment: a, ...place }) => ({ id: a.id, ...place }))).toEqual([
      { id: 1, row: 4, span: 3, lane: 0, lanes: 1 },
      { id: 2, row: 12, span: 1, lane: 0, lanes: 1 },
    ]);
  });

  test('overlapping blocks (a no-show and the booking that took its time) share the width side by side', () => {
    const blocks = placeBlocks(
      [appointment(1, '09:00', '10:30'), appointment(2, '09:30', '10:00'), appointment(3, '10:00', '11:00')],
      ROWS,
    );
    expect(blocks.map((b) => [b.appointment.id, b.lane, b.lanes])).toEqual([
      [1, 0, 2],
      [2, 1, 2],
      [3, 1, 2],
    ]);
    // Touching is not overlapping: a block that starts when the group ends starts a new group.
    expect(placeBlocks([appointment(4, '11:00', '11:30')], ROWS)[0]?.lanes).toBe(1);
  });

  test('shades the rows outside the hours, and the whole column on a day off', () => {
    expect(offHours({ start: '09:00', end: '17:00' }, ROWS)).toEqual([
      { row: 0, span: 2 },
      { row: 18, span: 2 },
    ]);
    expect(offHours({ start: '08:00', end: '18:00' }, ROWS)).toEqual([]);
    expect(offHours(null, ROWS)).toEqual([{ row: 0, span: 20 }]);
  });

  test('the week runs Monday to Sunday', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-12-02')).toBe('2026-11-30');
  });
});
