import type { AddressBody, AddressView } from '@petshop/domain';
import { apiRequest, getData, invalidate, saveTo } from '../lib/api-client';

export const addressesKey = ['addresses'] as const;

/** `enabled` false waits (the payment dialog loads them once it opens). */
export const addressesQueryOptions = (enabled = true) => ({
  queryKey: addressesKey,
  queryFn: getData<AddressView[]>('/addresses'),
  enabled,
});

export interface SaveAddressInput {
  /** Absent: a new address. */
  id?: number | undefined;
  body: AddressBody;
}

export const saveAddressMutation = () => ({
  mutationFn: ({ id, body }: SaveAddressInput) => saveTo<AddressView>('/addresses', id, body),
  onSuccess: invalidate(addressesKey),
});

export const deleteAddressMutation = () => ({
  mutationFn: (id: number) => apiRequest<unknown>(`/addresses/${id}`, { method: 'DELETE' }),
  onSuccess: invalidate(addressesKey),
});
