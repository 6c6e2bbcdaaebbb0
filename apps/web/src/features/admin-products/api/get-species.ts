import type { NamedEntity } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getSpecies = async (signal?: AbortSignal) =>
  (await apiRequest<NamedEntity[]>('/species', { signal })).data;

export const speciesQueryOptions = () =>
  queryOptions({ queryKey: ['species'], queryFn: ({ signal }) => getSpecies(signal), staleTime: 5 * 60_000 });

export const useSpecies = () => useQuery(speciesQueryOptions());
