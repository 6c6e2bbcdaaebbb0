import type { PetHistoryEntry, VaccineBody, VaccineView, WeightBody, WeightView } from '@petshop/domain';
import { apiRequest, getData, invalidate } from '../lib/api-client';

/** One pet's health card: its vaccines, weights and past visits share this key. */
export const petHealthKey = (petId: number) => ['pets', petId, 'health'] as const;
const vaccinesKey = (petId: number) => [...petHealthKey(petId), 'vaccines'] as const;
const weightsKey = (petId: number) => [...petHealthKey(petId), 'weights'] as const;

export const vaccinesQueryOptions = (petId: number) => ({
  queryKey: vaccinesKey(petId),
  queryFn: getData<VaccineView[]>(`/pets/${petId}/vaccines`),
});

/** Oldest first, as the server sends them. */
export const weightsQueryOptions = (petId: number) => ({
  queryKey: weightsKey(petId),
  queryFn: getData<WeightView[]>(`/pets/${petId}/weights`),
});

export const historyQueryOptions = (petId: number) => ({
  queryKey: [...petHealthKey(petId), 'history'] as const,
  queryFn: getData<PetHistoryEntry[]>(`/pets/${petId}/history`),
});

export const addVaccineMutation = (petId: number) => ({
  mutationFn: (body: VaccineBody) => apiRequest<VaccineView>(`/pets/${petId}/vaccines`, { method: 'POST', body }),
  onSuccess: invalidate(vaccinesKey(petId)),
});

export const deleteVaccineMutation = (petId: number) => ({
  mutationFn: (vaccineId: number) => apiRequest<unknown>(`/pets/${petId}/vaccines/${vaccineId}`, { method: 'DELETE' }),
  onSuccess: invalidate(vaccinesKey(petId)),
});

export const addWeightMutation = (petId: number) => ({
  mutationFn: (body: WeightBody) => apiRequest<WeightView>(`/pets/${petId}/weights`, { method: 'POST', body }),
  onSuccess: invalidate(weightsKey(petId)),
});
