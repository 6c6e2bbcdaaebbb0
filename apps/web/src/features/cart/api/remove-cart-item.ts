import type { CartChangeBody, CartView } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CART_QUERY_KEY } from './get-cart';

export const removeCartItem = (body: CartChangeBody) => apiRequest<CartView>('/carts/remove', { method: 'POST', body });

export const useRemoveCartItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCartItem,
    onSuccess: (response) => queryClient.setQueryData(CART_QUERY_KEY, response.data),
  });
};
