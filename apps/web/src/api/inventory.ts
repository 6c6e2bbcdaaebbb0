import type {
  ExpiringLot,
  Product,
  ProductStockRow,
  PurchaseOrder,
  PurchaseOrderBody,
  PurchaseOrderMove,
  StockAdjustmentBody,
  StockMinimumBody,
  StockMovement,
  StockSuggestion,
  StockTransfer,
  Supplier,
  SupplierBody,
  TransferBody,
} from '@petshop/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, getData, invalidate, pagedQueryOptions, saveTo } from '../lib/api-client';
import { adminProductsKey, productsKey } from './catalog';

/** Everything the 'Estoque' screens show: one key, so any stock change refreshes them all. */
export const stockKey = ['stock'] as const;

export interface MovementFilters {
  productId?: string;
  storeId?: string;
  from?: string;
  to?: string;
}

/** The ledger, newest first, 20 at a time, with the screen's filters. */
export const movementsQueryOptions = (filters: MovementFilters) => ({
  ...pagedQueryOptions<StockMovement>(
    [...stockKey, 'movements', filters],
    '/stock/movements',
    undefined,
    Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value))) as Record<string, string>,
  ),
  placeholderData: keepPreviousData,
});

/** Every product on sale (up to 200), for the screens' product choices. */
export const productChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...stockKey, 'product-choices'],
    queryFn: getData<Product[]>('/products?limit=200'),
    staleTime: 60_000,
  });

export const productStockQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: [...stockKey, 'product', productId],
    queryFn: getData<ProductStockRow[]>(`/products/${productId}/stock`),
  });

/** What changes stock also changes the shop's lists and the admin's products. */
const stockChanged = () => invalidate(stockKey, productsKey, adminProductsKey);

export const adjustmentMutation = () => ({
  mutationFn: (body: StockAdjustmentBody) =>
    apiRequest<{ productId: number; storeId: number; quantity: number }>('/stock/adjustments', {
      method: 'POST',
      body,
    }),
  onSuccess: stockChanged(),
});

export const transfersQueryOptions = () =>
  queryOptions({ queryKey: [...stockKey, 'transfers'], queryFn: getData<StockTransfer[]>('/transfers?limit=100') });

export const sendTransferMutation = () => ({
  mutationFn: ({ fromStoreId, body }: { fromStoreId: number; body: TransferBody }) =>
    apiRequest<StockTransfer>(`/stores/${fromStoreId}/transfers`, { method: 'POST', body }),
  onSuccess: stockChanged(),
});

export const receiveTransferMutation = () => ({
  mutationFn: (id: number) => apiRequest<StockTransfer>(`/transfers/${id}/receive`, { method: 'POST' }),
  onSuccess: stockChanged(),
});

export const suppliersQueryOptions = () =>
  queryOptions({ queryKey: [...stockKey, 'suppliers'], queryFn: getData<Supplier[]>('/suppliers') });

export const saveSupplierMutation = () => ({
  mutationFn: ({ id, body }: { id?: number | undefined; body: SupplierBody }) =>
    saveTo<Supplier>('/suppliers', id, body),
  onSuccess: invalidate(stockKey),
});

export const purchaseOrdersQueryOptions = () =>
  queryOptions({ queryKey: [...stockKey, 'purchase-orders'], queryFn: getData<PurchaseOrder[]>('/purchase-orders') });

export const createPurchaseOrderMutation = () => ({
  mutationFn: (body: PurchaseOrderBody) => apiRequest<PurchaseOrder>('/purchase-orders', { method: 'POST', body }),
  onSuccess: invalidate(stockKey),
});

export const movePurchaseOrderMutation = () => ({
  mutationFn: ({ id, move }: { id: number; move: PurchaseOrderMove }) =>
    apiRequest<PurchaseOrder>(`/purchase-orders/${id}/${move}`, { method: 'POST' }),
  onSuccess: stockChanged(),
});

export const expiringLotsQueryOptions = () =>
  queryOptions({ queryKey: [...stockKey, 'expiring'], queryFn: getData<ExpiringLot[]>('/stock/lots/expiring') });

export const suggestionsQueryOptions = (storeId: number | undefined) =>
  queryOptions({
    queryKey: [...stockKey, 'suggestions', storeId],
    queryFn: getData<StockSuggestion[]>(`/stock/suggestions?storeId=${storeId ?? 0}`),
    enabled: storeId !== undefined,
  });

/** A product's minimum at a store: the suggestions are computed from it. */
export const setMinimumMutation = () => ({
  mutationFn: (body: StockMinimumBody) => apiRequest<StockMinimumBody>('/stock/minimums', { method: 'PUT', body }),
  onSuccess: invalidate(stockKey),
});
