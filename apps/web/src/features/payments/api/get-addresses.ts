import type { AddressView } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Same key and shape as the addresses card on /user. */
export const ADDRESSES_QUERY_KEY = ['addresses'] as const;

export const getAddresses = async (signal?: AbortSignal) =>
  (await apiRequest<AddressView[]>('/addresses', { signal })).data;

export const useAddresses = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: ADDRESSES_QUERY_KEY, queryFn: ({ signal }) => getAddresses(signal), enabled }));
