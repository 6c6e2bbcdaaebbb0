import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@petshop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, invalidate } from '../lib/api-client';

export const twoFactorKey = ['two-factor'] as const;

/** Staff: whether the account signs in with a code, and how many recovery codes are left. */
export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKey,
    queryFn: async ({ signal }) => (await apiRequest<TwoFactorStatus>('/auth/2fa', { signal })).data,
  });

/** A new secret: the QR to scan and its otpauth address. */
export const setUpTwoFactorMutation = () => ({
  mutationFn: async () => (await apiRequest<TwoFactorSetup>('/auth/2fa/setup', { method: 'POST' })).data,
});

/** The first code turns it on; the answer carries the recovery codes, this once. */
export const enableTwoFactorMutation = () => ({
  mutationFn: async (code: string) =>
    (await apiRequest<RecoveryCodes>('/auth/2fa/enable', { method: 'POST', body: { code } })).data,
  onSuccess: invalidate(twoFactorKey),
});
