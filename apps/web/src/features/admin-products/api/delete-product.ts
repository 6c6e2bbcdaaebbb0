import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateProducts } from './invalidate-products';

export const deleteProduct = (id: number) =>
  apiRequest<{ id: number; archived: boolean }>(`/products/${id}`, { method: 'DELETE' });

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => invalidateProducts(queryClient) });
}
