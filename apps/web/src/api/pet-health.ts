import { api, getData, invalidate } from '../lib/api-client';
import type { Body } from '../lib/typed-api';

/** One pet's health card: its vaccines, weights and past visits share this key. */
export const petHealthKey = (petId: number) => ['pets', petId, 'health'] as const;
const vaccinesKey = (petId: number) => [...petHealthKey(petId), 'vaccines'] as const;
const weightsKey = (petId: number) => [...petHealthKey(petId), 'weights'] as const;

export const vaccinesQueryOptions = (petId: number) => ({
  queryKey: vaccinesKey(petId),
  queryFn: getData('/pets/{id}/vaccines', { path: { id: petId } }),
});

/** Oldest first, as the server sends them. */
export const weightsQueryOptions = (petId: number) => ({
  queryKey: weightsKey(petId),
  queryFn: getData('/pets/{id}/weights', { path: { id: petId } }),
});

export const historyQueryOptions = (petId: number) => ({
  queryKey: [...petHealthKey(petId), 'history'] as const,
  queryFn: getData('/pets/{id}/history', { path: { id: petId } }),
});

export const addVaccineMutation = (petId: number) => ({
  mutationFn: (body: Body<'post', '/pets/{id}/vaccines'>) =>
    api.post('/pets/{id}/vaccines', { path: { id: petId }, body }),
  onSuccess: invalidate(vaccinesKey(petId)),
});

export const deleteVaccineMutation = (petId: number) => ({
  mutationFn: (vaccineId: number) => api.delete('/pets/{id}/vaccines/{vaccineId}', { path: { id: petId, vaccineId } }),
  onSuccess: invalidate(vaccinesKey(petId)),
});

export const addWeightMutation = (petId: number) => ({
  mutationFn: (body: Body<'post', '/pets/{id}/weights'>) =>
    api.post('/pets/{id}/weights', { path: { id: petId }, body }),
  onSuccess: invalidate(weightsKey(petId)),
});
