import type { PublicUser } from '@petshop/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiResponse, apiRequest } from '../../../lib/api-client';

export const ADMIN_USERS_PAGE_SIZE = 20;
export const adminUsersQueryKey = ['admin-users'] as const;

export const getAdminUsers = (offset: number, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(ADMIN_USERS_PAGE_SIZE), offset: String(offset) });
  return apiRequest<PublicUser[]>(`/user?${query}`, { signal });
};

const nextOffset = (last: ApiResponse<PublicUser[]>) => {
  if (!last.meta) return undefined;
  const next = last.meta.offset + last.data.length;
  return last.data.length > 0 && next < last.meta.total ? next : undefined;
};

export const adminUsersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminUsersQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminUsers(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export const useAdminUsers = () => useInfiniteQuery(adminUsersQueryOptions());
