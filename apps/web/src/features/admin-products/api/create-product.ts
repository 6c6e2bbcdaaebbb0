import type { Product, ProductBody } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateProducts } from './invalidate-products';

export const createProduct = (body: ProductBody) => apiRequest<Product>('/products', { method: 'POST', body });

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSuccess: () => invalidateProducts(queryClient) });
}
