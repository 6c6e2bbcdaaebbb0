import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { petsQueryKey } from './get-pets';

export const deletePet = (id: number) => apiRequest<unknown>(`/pets/${id}`, { method: 'DELETE' });

export function useDeletePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petsQueryKey }),
  });
}
