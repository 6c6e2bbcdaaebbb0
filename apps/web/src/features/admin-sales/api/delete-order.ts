import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminOrdersQueryKey } from './get-admin-orders';

export const deleteOrder = (id: number) => apiRequest<null>(`/orders/admin/${id}`, { method: 'DELETE' });

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey }),
  });
}
