import type { AgendaDay, Appointment, AppointmentStatusBody } from '@petshop/domain';
import type { MutationFunctionContext } from '@tanstack/react-query';
import { apiRequest, getData } from '../lib/api-client';
import { appointmentsKey } from './appointments';

/**
 * The staff agenda and the staff's status changes, both admin-only: kept out of `appointments.ts`,
 * which the customer's pages load.
 */
export const agendaKey = ['agenda'] as const;

/** One day, or the seven days from `date`; refreshed every minute while the agenda is open. */
export const agendaQueryOptions = (date: string, days: 1 | 7) => ({
  queryKey: [...agendaKey, date, days] as const,
  queryFn: getData<AgendaDay[]>(`/admin/agenda?${new URLSearchParams({ date, days: String(days) })}`),
  refetchInterval: 60_000,
});

export interface StatusChange {
  id: number;
  body: AppointmentStatusBody;
}

/** PUT /appointments/{id}/status. The agenda and the appointment lists refresh whatever the answer (a 409 means they were stale). */
export const setAppointmentStatusMutation = () => ({
  mutationFn: ({ id, body }: StatusChange) =>
    apiRequest<Appointment>(`/appointments/${id}/status`, { method: 'PUT', body }),
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
