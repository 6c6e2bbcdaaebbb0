import type { Employee } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getServiceEmployees = async (serviceId: number, signal?: AbortSignal) =>
  (await apiRequest<Employee[]>(`/employers/service/${serviceId}?limit=200`, { signal })).data;

export const serviceEmployeesQueryOptions = (serviceId: number) =>
  queryOptions({
    queryKey: ['employers', 'service', serviceId],
    queryFn: ({ signal }) => getServiceEmployees(serviceId, signal),
  });

export const useServiceEmployees = (serviceId: number) => useQuery(serviceEmployeesQueryOptions(serviceId));
