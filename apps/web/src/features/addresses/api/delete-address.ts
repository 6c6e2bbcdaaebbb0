import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { addressesQueryKey } from './get-addresses';

export const deleteAddress = (id: number) => apiRequest<unknown>(`/addresses/${id}`, { method: 'DELETE' });

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
