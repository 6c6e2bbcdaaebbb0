import type { Product } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const getProduct = async (id: number, signal?: AbortSignal) =>
  (await apiRequest<Product>(`/products/${id}`, { signal })).data;

/** `known` is the product the grid handed over in navigation state, so no request is needed. */
export const productQueryOptions = (id: number, known?: Product) =>
  queryOptions({
    queryKey: ['product', id],
    queryFn: ({ signal }) => getProduct(id, signal),
    initialData: known,
  });

export const useProduct = (id: number, known?: Product, enabled = true) =>
  useQuery({ ...productQueryOptions(id, known), enabled });
