import type { Product } from '@petshop/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Which products a grid shows: everything, one category, one species or a name search. */
export type ProductScope =
  | { kind: 'all' }
  | { kind: 'category'; id: number }
  | { kind: 'specie'; id: number }
  | { kind: 'search'; name: string };

export const PRODUCTS_PAGE_SIZE = 24;

const scopePath = (scope: ProductScope): string => {
  switch (scope.kind) {
    case 'all':
      return '/products';
    case 'category':
      return `/products/category/${scope.id}`;
    case 'specie':
      return `/products/specie/${scope.id}`;
    case 'search':
      return `/products/search/${encodeURIComponent(scope.name)}`;
  }
};

export const getProducts = (scope: ProductScope, offset: number, signal?: AbortSignal) => {
  const query = new URLSearchParams({ limit: String(PRODUCTS_PAGE_SIZE), offset: String(offset) });
  return apiRequest<Product[]>(`${scopePath(scope)}?${query}`, { signal });
};

export const productsQueryOptions = (scope: ProductScope) =>
  infiniteQueryOptions({
    queryKey: ['products', scope],
    queryFn: ({ pageParam, signal }) => getProducts(scope, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      if (!last.meta) return undefined;
      const next = last.meta.offset + last.data.length;
      return last.data.length > 0 && next < last.meta.total ? next : undefined;
    },
  });

export const useProducts = (scope: ProductScope) => useInfiniteQuery(productsQueryOptions(scope));
