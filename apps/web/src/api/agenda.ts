import type { MutationFunctionContext } from '@tanstack/react-query';
import { api, getData } from '../lib/api-client';
import type { Body } from '../lib/typed-api';
import { appointmentsKey } from './appointments';

/**
 * The staff agenda and the staff's status changes, both admin-only: kept out of `appointments.ts`,
 * which the customer's pages load.
 */
export const agendaKey = ['agenda'] as const;

/** One day, or the seven days from `date`; refreshed every minute while the agenda is open. */
export const agendaQueryOptions = (date: string, days: 1 | 7) => ({
  queryKey: [...agendaKey, date, days] as const,
  queryFn: getData('/admin/agenda', { query: { date, days } }),
  refetchInterval: 60_000,
});

export interface StatusChange {
  id: number;
  body: Body<'put', '/appointments/{id}/status'>;
}

/** PUT /appointments/{id}/status. The agenda and the appointment lists refresh whatever the answer (a 409 means they were stale). */
export const setAppointmentStatusMutation = () => ({
  mutationFn: ({ id, body }: StatusChange) => api.put('/appointments/{id}/status', { path: { id }, body }),
  onSettled: (
    _data: unknown,
    _error: unknown,
    _variables: unknown,
    _result: unknown,
    { client }: MutationFunctionContext,
  ) =>
    Promise.all([
      client.invalidateQueries({ queryKey: agendaKey }),
      client.invalidateQueries({ queryKey: appointmentsKey }),
    ]),
});
