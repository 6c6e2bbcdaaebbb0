import { api, getData, invalidate } from '../lib/api-client';
import type { Body } from '../lib/typed-api';

export const addressesKey = ['addresses'] as const;

/** `enabled` false waits (the payment dialog loads them once it opens). */
export const addressesQueryOptions = (enabled = true) => ({
  queryKey: addressesKey,
  queryFn: getData('/addresses'),
  enabled,
});

export interface SaveAddressInput {
  /** Absent: a new address. */
  id?: number | undefined;
  body: Body<'post', '/addresses'>;
}

export const saveAddressMutation = () => ({
  mutationFn: ({ id, body }: SaveAddressInput) =>
    id === undefined ? api.post('/addresses', { body }) : api.put('/addresses/{id}', { path: { id }, body }),
  onSuccess: invalidate(addressesKey),
});

export const deleteAddressMutation = () => ({
  mutationFn: (id: number) => api.delete('/addresses/{id}', { path: { id } }),
  onSuccess: invalidate(addressesKey),
});
