import type { RecoveryCodes, TwoFactorDisabled, TwoFactorSetup, TwoFactorStatus } from '@petshop/domain';
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

/** Off, with a code from the app or a recovery code (the session alone is not enough). */
export const disableTwoFactorMutation = () => ({
  mutationFn: async (code: string) =>
    await apiRequest<TwoFactorDisabled>('/auth/2fa/disable', { method: 'POST', body: { code } }),
  onSuccess: invalidate(twoFactorKey),
});

/** The owner resets another staff member's (a lost phone): they set it up again at their next sign-in. */
export const resetTwoFactorMutation = () => ({
  mutationFn: (userId: number) => apiRequest<undefined>(`/user/${userId}/2fa`, { method: 'DELETE' }),
});
