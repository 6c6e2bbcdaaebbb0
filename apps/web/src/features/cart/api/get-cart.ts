import type { CartView } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const CART_QUERY_KEY = ['cart'] as const;

export const getCart = async (signal?: AbortSignal) => (await apiRequest<CartView>('/carts', { signal })).data;

/** Always re-read on mount: the cart changes from other pages and tabs. */
export const cartQueryOptions = () =>
  queryOptions({ queryKey: CART_QUERY_KEY, queryFn: ({ signal }) => getCart(signal), staleTime: 0 });

export const useCart = () => useQuery(cartQueryOptions());
