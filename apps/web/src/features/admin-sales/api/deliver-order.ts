import type { OrderState } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminOrdersQueryKey } from './get-admin-orders';

/** PUT /orders/{id}: Processando → Entregue. */
export const deliverOrder = (id: number) => apiRequest<OrderState>(`/orders/${id}`, { method: 'PUT' });

export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
