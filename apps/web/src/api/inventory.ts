import type { PurchaseOrderMove } from '@petshop/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, getData, invalidate, pagedQueryOptions } from '../lib/api-client';
import type { Body } from '../lib/typed-api';
import { adminProductsKey, productsKey } from './catalog';

/** Everything the 'Estoque' screens show: one key, so any stock change refreshes them all. */
export const stockKey = ['stock'] as const;

export interface MovementFilters {
  productId?: string;
  storeId?: string;
  from?: string;
  to?: string;
}

const idOf = (value: string | undefined) => (value ? Number(value) : undefined);

/** The ledger, newest first, 20 at a time, with the screen's filters ('' filters are left out). */
export const movementsQueryOptions = (filters: MovementFilters) => ({
  ...pagedQueryOptions([...stockKey, 'movements', filters], (page, signal) => {
    const { productId, storeId, from, to } = filters;
    const query = { productId: idOf(productId), storeId: idOf(storeId), from: from || undefined, to: to || undefined };
    return api.get('/stock/movements', { query: { ...query, ...page }, signal });
  }),
  placeholderData: keepPreviousData,
});

/** Every product on sale (up to 200), for the screens' product choices. */
export const productChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...stockKey, 'product-choices'],
    queryFn: getData('/products', { query: { limit: 200 } }),
    staleTime: 60_000,
  });

export const productStockQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: [...stockKey, 'product', productId],
    queryFn: getData('/products/{id}/stock', { path: { id: productId } }),
  });

/** What changes stock also changes the shop's lists and the admin's products. */
const stockChanged = () => invalidate(stockKey, productsKey, adminProductsKey);

export const adjustmentMutation = () => ({
  mutationFn: (body: Body<'post', '/stock/adjustments'>) => api.post('/stock/adjustments', { body }),
  onSuccess: stockChanged(),
});

export const transfersQueryOptions = () =>
  queryOptions({
    queryKey: [...stockKey, 'transfers'],
    queryFn: getData('/transfers', { query: { limit: 100 } }),
  });

export const sendTransferMutation = () => ({
  mutationFn: ({ fromStoreId, body }: { fromStoreId: number; body: Body<'post', '/stores/{id}/transfers'> }) =>
    api.post('/stores/{id}/transfers', { path: { id: fromStoreId }, body }),
  onSuccess: stockChanged(),
});

export const receiveTransferMutation = () => ({
  mutationFn: (id: number) => api.post('/transfers/{id}/receive', { path: { id } }),
  onSuccess: stockChanged(),
});

export const suppliersQueryOptions = () =>
  queryOptions({ queryKey: [...stockKey, 'suppliers'], queryFn: getData('/suppliers') });

export const saveSupplierMutation = () => ({
  mutationFn: ({ id, body }: { id?: number | undefined; body: Body<'post', '/suppliers'> }) =>
    id === undefined ? api.post('/suppliers', { body }) : api.put('/suppliers/{id}', { path: { id }, body }),
  onSuccess: invalidate(stockKey),
});

export const purchaseOrdersQueryOptions = () =>
  queryOptions({ queryKey: [...stockKey, 'purchase-orders'], queryFn: getData('/purchase-orders') });

export const createPurchaseOrderMutation = () => ({
  mutationFn: (body: Body<'post', '/purchase-orders'>) => api.post('/purchase-orders', { body }),
  onSuccess: invalidate(stockKey),
});

export const movePurchaseOrderMutation = () => ({
  mutationFn: ({ id, move }: { id: number; move: PurchaseOrderMove }) =>
    api.post(`/purchase-orders/{id}/${move}`, { path: { id } }),
  onSuccess: stockChanged(),
});

export const expiringLotsQueryOptions = () =>
  queryOptions({ queryKey: [...stockKey, 'expiring'], queryFn: getData('/stock/lots/expiring') });

export const suggestionsQueryOptions = (storeId: number | undefined) =>
  queryOptions({
    queryKey: [...stockKey, 'suggestions', storeId],
    queryFn: getData('/stock/suggestions', { query: { storeId: storeId ?? 0 } }),
    enabled: storeId !== undefined,
  });

/** A product's minimum at a store: the suggestions are computed from it. */
export const setMinimumMutation = () => ({
  mutationFn: (body: Body<'put', '/stock/minimums'>) => api.put('/stock/minimums', { body }),
  onSuccess: invalidate(stockKey),
});
