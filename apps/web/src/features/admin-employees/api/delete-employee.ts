import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminEmployeesQueryKey } from './get-admin-employees';

export const deleteEmployee = (id: number) => apiRequest<unknown>(`/employers/${id}`, { method: 'DELETE' });

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminEmployeesQueryKey }),
  });
}
