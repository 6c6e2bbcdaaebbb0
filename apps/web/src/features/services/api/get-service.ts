import type { Service } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getService = async (id: number, signal?: AbortSignal) =>
  (await apiRequest<Service>(`/services/${id}`, { signal })).data;

export const serviceQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['service', id], queryFn: ({ signal }) => getService(id, signal) });

export const useService = (id: number, enabled = true) => useQuery({ ...serviceQueryOptions(id), enabled });
