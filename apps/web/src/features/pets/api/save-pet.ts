import type { PetBody, PetView } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { petsQueryKey } from './get-pets';

export interface SavePetInput {
  /** Absent: a new pet. */
  id?: number | undefined;
  body: PetBody;
}

export const savePet = ({ id, body }: SavePetInput) =>
  id === undefined
    ? apiRequest<PetView>('/pets', { method: 'POST', body })
    : apiRequest<PetView>(`/pets/${id}`, { method: 'PUT', body });

export function useSavePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petsQueryKey }),
  });
}
