import type { ProductStockRow, StoreBody, StoreCreateBody, StoreHoursBody, StoreView } from '@petshop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, getData, invalidate, saveTo } from '../lib/api-client';

export const storesKey = ['stores'] as const;

/** The shop's stores open to customers, with address and opening hours (public), the main one first. */
export const storesQueryOptions = () =>
  queryOptions({
    queryKey: storesKey,
    queryFn: async ({ signal }) => (await apiRequest<StoreView[]>('/stores', { signal })).data,
    staleTime: 5 * 60_000,
  });

/** Admin: every store, the inactive ones too. */
export const allStoresQueryOptions = () =>
  queryOptions({
    queryKey: [...storesKey, 'all'],
    queryFn: getData<StoreView[]>('/admin/stores'),
  });

export interface SaveStoreInput {
  /** Absent: a new store. */
  id?: number | undefined;
  body: StoreBody | StoreCreateBody;
}

export const saveStoreMutation = () => ({
  mutationFn: ({ id, body }: SaveStoreInput) => saveTo<StoreView>('/stores', id, body),
  onSuccess: invalidate(storesKey),
});

export const saveStoreHoursMutation = (id: number) => ({
  mutationFn: (body: StoreHoursBody) => apiRequest<StoreView>(`/stores/${id}/hours`, { method: 'PUT', body }),
  onSuccess: invalidate(storesKey, ['availability']),
});

/** A product's units in each store (public; GET /products/{id}/stock). */
export const productStockQueryOptions = (productId: number | undefined) => ({
  queryKey: ['product-stock', productId ?? 0],
  queryFn: getData<ProductStockRow[]>(`/products/${productId ?? 0}/stock`),
  enabled: productId !== undefined,
});
