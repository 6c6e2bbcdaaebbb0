import type { AdminOrder } from '@petshop/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiResponse, apiRequest } from '../../../lib/api-client';

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const adminOrdersQueryKey = ['admin-orders'] as const;

export const getAdminOrders = (offset: number, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(ADMIN_ORDERS_PAGE_SIZE), offset: String(offset) });
  return apiRequest<AdminOrder[]>(`/orders/all/users?${query}`, { signal });
};

const nextOffset = (last: ApiResponse<AdminOrder[]>) => {
  if (!last.meta) return undefined;
  const next = last.meta.offset + last.data.length;
  return last.data.length > 0 && next < last.meta.total ? next : undefined;
};

/** Newest first (the server's order). */
export const adminOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminOrdersQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminOrders(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export const useAdminOrders = () => useInfiniteQuery(adminOrdersQueryOptions());
