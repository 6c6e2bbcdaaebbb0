import type { Service } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every service for the select (the catalogue's maximum page). */
export const getAllServices = async (signal?: AbortSignal) =>
  (await apiRequest<Service[]>('/services?limit=200', { signal })).data;

export const allServicesQueryOptions = () =>
  queryOptions({
    queryKey: ['services', 'all'],
    queryFn: ({ signal }) => getAllServices(signal),
    staleTime: 5 * 60_000,
  });

export const useAllServices = () => useQuery(allServicesQueryOptions());
