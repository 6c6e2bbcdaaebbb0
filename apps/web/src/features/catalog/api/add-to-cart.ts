import type { CartChangeBody, CartView } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Same key as the cart feature's cart query: the answer is the new cart, so the cart page opens up to date. */
const CART_QUERY_KEY = ['cart'] as const;

export const addToCart = (body: CartChangeBody) => apiRequest<CartView>('/carts/add', { method: 'POST', body });

export const useAddToCart = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToCart,
    onSuccess: (response) => queryClient.setQueryData(CART_QUERY_KEY, response.data),
  });
};
