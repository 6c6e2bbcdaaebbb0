import type { PublicUser } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const userQueryKey = (id: number) => ['users', id] as const;

export async function getUser(id: number, signal?: AbortSignal): Promise<PublicUser> {
  const response = await apiRequest<PublicUser>(`/user/${id}`, { signal });
  return response.data;
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, signal) });

/** Disabled while there is no id (no stored session). */
export const useUser = (id: number | undefined) =>
  useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== undefined });
