import type { OrderState } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ORDERS_QUERY_KEY } from './get-orders';

export const cancelOrder = (orderId: number) =>
  apiRequest<OrderState>(`/orders/cancel/${orderId}`, { method: 'DELETE' });

export const useCancelOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
  });
};
