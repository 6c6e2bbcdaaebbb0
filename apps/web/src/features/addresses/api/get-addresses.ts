import type { AddressView } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const addressesQueryKey = ['addresses'] as const;

export async function getAddresses(signal?: AbortSignal): Promise<AddressView[]> {
  const response = await apiRequest<AddressView[]>('/addresses', { signal });
  return response.data;
}

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: addressesQueryKey, queryFn: ({ signal }) => getAddresses(signal) });

export const useAddresses = () => useQuery(addressesQueryOptions());
