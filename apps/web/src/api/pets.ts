import type { PetBody, PetView } from '@petshop/domain';
import { apiRequest, getData, invalidate, saveTo } from '../lib/api-client';

export const petsKey = ['pets'] as const;

/** The caller's pets: the pets page and the booking form share this cache. */
export const petsQueryOptions = () => ({ queryKey: petsKey, queryFn: getData<PetView[]>('/pets') });

export interface SavePetInput {
  /** Absent: a new pet. */
  id?: number | undefined;
  body: PetBody;
}

export const savePetMutation = () => ({
  mutationFn: ({ id, body }: SavePetInput) => saveTo<PetView>('/pets', id, body),
  onSuccess: invalidate(petsKey),
});

export const deletePetMutation = () => ({
  mutationFn: (id: number) => apiRequest<unknown>(`/pets/${id}`, { method: 'DELETE' }),
  onSuccess: invalidate(petsKey),
});
