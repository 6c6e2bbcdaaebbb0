import type { OrderState } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminOrdersQueryKey } from './get-admin-orders';

export const cancelOrder = (id: number) => apiRequest<OrderState>(`/orders/admin/cancel/${id}`, { method: 'DELETE' });

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
