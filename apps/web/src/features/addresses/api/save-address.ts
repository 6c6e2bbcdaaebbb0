import type { AddressBody, AddressView } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { addressesQueryKey } from './get-addresses';

export interface SaveAddressInput {
  /** Absent: a new address. */
  id?: number | undefined;
  body: AddressBody;
}

export const saveAddress = ({ id, body }: SaveAddressInput) =>
  id === undefined
    ? apiRequest<AddressView>('/addresses', { method: 'POST', body })
    : apiRequest<AddressView>(`/addresses/${id}`, { method: 'PUT', body });

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesQueryKey }),
  });
}
