import type { Product } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateProducts } from './invalidate-products';

/** The admin edit form object: SPEC names the references categoryId and speciesId. */
export interface ProductEditBody {
  name: string;
  description: string;
  price: number;
  stock: number;
  categoryId: number;
  speciesId: number;
  url: string;
}

export interface UpdateProductInput {
  id: number;
  body: ProductEditBody;
}

export const updateProduct = ({ id, body }: UpdateProductInput) =>
  apiRequest<Product>(`/products/${id}`, { method: 'PUT', body });

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: () => invalidateProducts(queryClient) });
}
