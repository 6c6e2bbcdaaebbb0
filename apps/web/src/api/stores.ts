import { queryOptions } from '@tanstack/react-query';
import { api, getData, invalidate } from '../lib/api-client';
import type { Body } from '../lib/typed-api';

export const storesKey = ['stores'] as const;

/** The shop's stores open to customers, with address and opening hours (public), the main one first. */
export const storesQueryOptions = () =>
  queryOptions({
    queryKey: storesKey,
    queryFn: getData('/stores'),
    staleTime: 5 * 60_000,
  });

/** Admin: every store, the inactive ones too. */
export const allStoresQueryOptions = () =>
  queryOptions({
    queryKey: [...storesKey, 'all'],
    queryFn: getData('/admin/stores'),
  });

export interface SaveStoreInput {
  /** Absent: a new store. */
  id?: number | undefined;
  body: Body<'put', '/stores/{id}'> | Body<'post', '/stores'>;
}

export const saveStoreMutation = () => ({
  mutationFn: ({ id, body }: SaveStoreInput) =>
    id === undefined
      ? api.post('/stores', { body: body as Body<'post', '/stores'> })
      : api.put('/stores/{id}', { path: { id }, body }),
  onSuccess: invalidate(storesKey),
});

export const saveStoreHoursMutation = (id: number) => ({
  mutationFn: (body: Body<'put', '/stores/{id}/hours'>) => api.put('/stores/{id}/hours', { path: { id }, body }),
  onSuccess: invalidate(storesKey, ['availability']),
});

/** A product's units in each store (public; GET /products/{id}/stock). */
export const productStockQueryOptions = (productId: number | undefined) => ({
  queryKey: ['product-stock', productId ?? 0],
  queryFn: getData('/products/{id}/stock', { path: { id: productId ?? 0 } }),
  enabled: productId !== undefined,
});
