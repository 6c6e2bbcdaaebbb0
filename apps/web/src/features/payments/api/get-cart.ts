import type { CartView } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Same key and shape as the cart page, so both read one cached cart. */
export const CART_QUERY_KEY = ['cart'] as const;

export const getCart = async (signal?: AbortSignal) => (await apiRequest<CartView>('/carts', { signal })).data;

export const useCart = () =>
  useQuery(queryOptions({ queryKey: CART_QUERY_KEY, queryFn: ({ signal }) => getCart(signal), staleTime: 0 }));
