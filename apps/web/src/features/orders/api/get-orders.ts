import type { CustomerOrder } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const ORDERS_QUERY_KEY = ['orders'] as const;

/** SPEC section 8: a 400 on the list means "no orders". */
export async function getOrders(signal?: AbortSignal): Promise<CustomerOrder[]> {
  try {
    return (await apiRequest<CustomerOrder[]>('/orders', { signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return [];
    throw error;
  }
}

export const useOrders = () =>
  useQuery(queryOptions({ queryKey: ORDERS_QUERY_KEY, queryFn: ({ signal }) => getOrders(signal) }));
