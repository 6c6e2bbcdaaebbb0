import { describe, expect, it } from 'vitest';
import { agendaSpan } from '../src/agenda-span';

const booked = (appointment_time: string, end_time: string) => ({ appointment_time, end_time });

describe('agendaSpan', () => {
  it('runs from the earliest start to the latest end of the working hours', () => {
    expect(
      agendaSpan([
        { hours: { start: '09:00', end: '17:00' }, appointments: [] },
        { hours: { start: '07:30', end: '13:00' }, appointments: [] },
        { hours: null, appointments: [] },
        { hours: { start: '12:00', end: '20:30' }, appointments: [] },
      ]),
    ).toEqual({ start: '07:30', end: '20:30' });
  });

  it('widens to an appointment outside the hours, on whole half hours', () => {
    expect(
      agendaSpan([
        { hours: { start: '08:00', end: '18:00' }, appointments: [booked('17:30', '19:00')] },
        { hours: null, appointments: [booked('07:15', '07:45')] },
      ]),
    ).toEqual({ start: '07:00', end: '19:00' });
    expect(agendaSpan([{ hours: { start: '22:00', end: '24:00' }, appointments: [] }])).toEqual({
      start: '22:00',
      end: '24:00',
    });
  });

  it('is null when nobody works and nothing is booked', () => {
    expect(agendaSpan([])).toBeNull();
    expect(agendaSpan([{ hours: null, appointments: [] }])).toBeNull();
  });
});
