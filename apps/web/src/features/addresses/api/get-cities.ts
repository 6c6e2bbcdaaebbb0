import type { CityView } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getCities(stateId: number, signal?: AbortSignal): Promise<CityView[]> {
  const response = await apiRequest<CityView[]>(`/cities/cityToState/${stateId}`, { signal });
  return response.data;
}

export const citiesQueryOptions = (stateId: number) =>
  queryOptions({
    queryKey: ['cities', stateId],
    queryFn: ({ signal }) => getCities(stateId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Disabled until a state is chosen. */
export const useCities = (stateId: number | undefined) =>
  useQuery({ ...citiesQueryOptions(stateId ?? 0), enabled: stateId !== undefined });
