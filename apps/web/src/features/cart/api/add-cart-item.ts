import type { CartChangeBody, CartView } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CART_QUERY_KEY } from './get-cart';

export const addCartItem = (body: CartChangeBody) => apiRequest<CartView>('/carts/add', { method: 'POST', body });

export const useAddCartItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCartItem,
    onSuccess: (response) => queryClient.setQueryData(CART_QUERY_KEY, response.data),
  });
};
