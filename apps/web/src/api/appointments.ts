import type { Appointment, AppointmentBody, RescheduleBody, StaffAppointment } from '@petshop/domain';
import type { MutationFunctionContext } from '@tanstack/react-query';
import { apiRequest, getData, invalidate, pagedQueryOptions } from '../lib/api-client';

/** Every list of appointments (the caller's and the admin's) lives under this key. */
export const appointmentsKey = ['appointments'] as const;
export const availabilityKey = ['availability'] as const;

/** The caller's active appointments, soonest first (the server sorts). */
export const myAppointmentsQueryOptions = () => ({
  queryKey: [...appointmentsKey, 'mine'],
  queryFn: getData<Appointment[]>('/appointments'),
});

/** The caller's done, missed and cancelled appointments, the latest first, 10 at a time. */
export const myPastAppointmentsQueryOptions = () =>
  pagedQueryOptions<Appointment>([...appointmentsKey, 'mine', 'history'], '/appointments/history', 10);

/** Admin: everyone's upcoming active appointments, soonest first (the server filters and sorts). */
export const allAppointmentsQueryOptions = () =>
  pagedQueryOptions<StaffAppointment>([...appointmentsKey, 'all'], '/appointments/all');

/** Free slots ('HH:MM') of an employee on a day; waits for both. */
export const availabilityQueryOptions = (employerId: number | null, date: string) => ({
  queryKey: [...availabilityKey, employerId ?? 0, date],
  queryFn: getData<string[]>(
    `/appointments/availability?employer_id=${employerId ?? 0}&date=${encodeURIComponent(date)}`,
  ),
  staleTime: 0,
  enabled: employerId !== null && date !== '',
});

/** Slots and lists are refreshed whatever the answer: a 409 means the slot list was stale. */
export const createAppointmentMutation = () => ({
  mutationFn: (body: AppointmentBody) => apiRequest<Appointment>('/appointments', { method: 'POST', body }),
  onSettled: (
    _data: unknown,
    _error: unknown,
    _variables: unknown,
    _result: unknown,
    { client }: MutationFunctionContext,
  ) =>
    Promise.all([
      client.invalidateQueries({ queryKey: availabilityKey }),
      client.invalidateQueries({ queryKey: appointmentsKey }),
    ]),
});

export interface RescheduleInput {
  id: number;
  body: RescheduleBody;
}

export const rescheduleAppointmentMutation = () => ({
  mutationFn: ({ id, body }: RescheduleInput) =>
    apiRequest<Appointment>(`/appointments/${id}`, { method: 'PUT', body }),
  onSuccess: invalidate(appointmentsKey, availabilityKey),
});

/** The row stays as 'Cancelado' and its slot is free again. */
export const cancelAppointmentMutation = () => ({
  mutationFn: (id: number) => apiRequest<Appointment>(`/appointments/${id}`, { method: 'DELETE' }),
  onSuccess: invalidate(appointmentsKey, availabilityKey),
});
