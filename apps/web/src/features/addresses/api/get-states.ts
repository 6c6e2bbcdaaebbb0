import type { StateView } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getStates(signal?: AbortSignal): Promise<StateView[]> {
  const response = await apiRequest<StateView[]>('/states', { signal });
  return response.data;
}

/** IBGE reference data: fetched once a session. */
export const statesQueryOptions = () =>
  queryOptions({
    queryKey: ['states'],
    queryFn: ({ signal }) => getStates(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useStates = () => useQuery(statesQueryOptions());
