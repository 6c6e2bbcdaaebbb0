import type { Service } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getServices = async (signal?: AbortSignal) =>
  (await apiRequest<Service[]>('/services?limit=200', { signal })).data;

export const servicesQueryOptions = () =>
  queryOptions({ queryKey: ['services', 'all'], queryFn: ({ signal }) => getServices(signal), staleTime: 5 * 60_000 });

export const useServices = () => useQuery(servicesQueryOptions());
