import type { Product } from '@petshop/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiResponse, apiRequest } from '../../../lib/api-client';

export const ADMIN_PRODUCTS_PAGE_SIZE = 20;
export const adminProductsQueryKey = ['admin-products'] as const;

export const getAdminProducts = (offset: number, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(ADMIN_PRODUCTS_PAGE_SIZE), offset: String(offset) });
  return apiRequest<Product[]>(`/products?${query}`, { signal });
};

const nextOffset = (last: ApiResponse<Product[]>) => {
  if (!last.meta) return undefined;
  const next = last.meta.offset + last.data.length;
  return last.data.length > 0 && next < last.meta.total ? next : undefined;
};

export const adminProductsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminProductsQueryKey,
    queryFn: ({ pageParam, signal }) => getAdminProducts(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

export const useAdminProducts = () => useInfiniteQuery(adminProductsQueryOptions());
