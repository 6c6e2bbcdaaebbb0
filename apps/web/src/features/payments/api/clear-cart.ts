import type { CartView } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CART_QUERY_KEY } from './get-cart';

export const clearCart = () => apiRequest<CartView>('/carts/clear', { method: 'DELETE' });

export const useClearCart = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCart,
    onSuccess: async (response) => {
      queryClient.setQueryData(CART_QUERY_KEY, response.data);
      await queryClient.invalidateQueries({ queryKey: ['payment-summary'] });
    },
  });
};
