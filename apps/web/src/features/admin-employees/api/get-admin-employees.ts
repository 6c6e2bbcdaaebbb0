import type { Employee } from '@petshop/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiResponse, apiRequest } from '../../../lib/api-client';

export const ADMIN_EMPLOYEES_PAGE_SIZE = 20;
export const adminEmployeesQueryKey = ['admin-employees'] as const;

export const getAdminEmployees = (offset: number, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(ADMIN_EMPLOYEES_PAGE_SIZE), offset: String(offset) });
  return apiRequest<Employee[]>(`/employers?${query}`, { signal });
};

const nextOffset = (last: ApiResponse<Employee[]>) => {
  if (!last.meta) return undefined;
  const next = last.meta.offset + last.data.length;
  return last.data.length > 0 && next < last.meta.total ? next : undefined;
};

export const adminEmployeesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminEmployeesQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminEmployees(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export const useAdminEmployees = () => useInfiniteQuery(adminEmployeesQueryOptions());
