import { api, getData, invalidate } from '../lib/api-client';
import type { Body } from '../lib/typed-api';

export const petsKey = ['pets'] as const;

/** The caller's pets: the pets page and the booking form share this cache. */
export const petsQueryOptions = () => ({ queryKey: petsKey, queryFn: getData('/pets') });

export interface SavePetInput {
  /** Absent: a new pet. */
  id?: number | undefined;
  body: Body<'post', '/pets'>;
}

export const savePetMutation = () => ({
  mutationFn: ({ id, body }: SavePetInput) =>
    id === undefined ? api.post('/pets', { body }) : api.put('/pets/{id}', { path: { id }, body }),
  onSuccess: invalidate(petsKey),
});

export const deletePetMutation = () => ({
  mutationFn: (id: number) => api.delete('/pets/{id}', { path: { id } }),
  onSuccess: invalidate(petsKey),
});
