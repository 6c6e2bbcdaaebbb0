import type { StoreView } from '@petshop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

export const storesKey = ['stores'] as const;

/** The shop's stores with address and opening hours (public). */
export const storesQueryOptions = () =>
  queryOptions({
    queryKey: storesKey,
    queryFn: async ({ signal }) => (await apiRequest<StoreView[]>('/stores', { signal })).data,
    staleTime: 5 * 60_000,
  });
