import type { PetView } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const petsQueryKey = ['pets'] as const;

export async function getPets(signal?: AbortSignal): Promise<PetView[]> {
  const response = await apiRequest<PetView[]>('/pets', { signal });
  return response.data;
}

export const petsQueryOptions = () =>
  queryOptions({ queryKey: petsQueryKey, queryFn: ({ signal }) => getPets(signal) });

export const usePets = () => useQuery(petsQueryOptions());
