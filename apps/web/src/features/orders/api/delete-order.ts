import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ORDERS_QUERY_KEY } from './get-orders';

export const deleteOrder = (orderId: number) => apiRequest<null>(`/orders/${orderId}`, { method: 'DELETE' });

export const useDeleteOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
};
