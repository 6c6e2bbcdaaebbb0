import type { Appointment } from '@petshop/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiResponse, apiRequest } from '../../../lib/api-client';

export const ADMIN_APPOINTMENTS_PAGE_SIZE = 20;
export const adminAppointmentsQueryKey = ['admin-appointments'] as const;

export const getAdminAppointments = (offset: number, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(ADMIN_APPOINTMENTS_PAGE_SIZE), offset: String(offset) });
  return apiRequest<Appointment[]>(`/appointments/all?${query}`, { signal });
};

const nextOffset = (last: ApiResponse<Appointment[]>) => {
  if (!last.meta) return undefined;
  const next = last.meta.offset + last.data.length;
  return last.data.length > 0 && next < last.meta.total ? next : undefined;
};

/** Upcoming active appointments, soonest first (the server filters and sorts). */
export const adminAppointmentsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminAppointmentsQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminAppointments(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export const useAdminAppointments = () => useInfiniteQuery(adminAppointmentsQueryOptions());
