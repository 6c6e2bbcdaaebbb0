import type { Appointment } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const myAppointmentsKey = ['appointments', 'mine'] as const;

/** The caller's active appointments, soonest first (the server sorts). */
export const getMyAppointments = async (signal?: AbortSignal) =>
  (await apiRequest<Appointment[]>('/appointments', { signal })).data;

export const myAppointmentsQueryOptions = () =>
  queryOptions({ queryKey: myAppointmentsKey, queryFn: ({ signal }) => getMyAppointments(signal) });

export const useMyAppointments = () => useQuery(myAppointmentsQueryOptions());
