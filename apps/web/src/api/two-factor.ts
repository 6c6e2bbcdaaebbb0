import { queryOptions } from '@tanstack/react-query';
import { api, getData, invalidate } from '../lib/api-client';

export const twoFactorKey = ['two-factor'] as const;

/** Staff: whether the account signs in with a code, and how many recovery codes are left. */
export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKey,
    queryFn: getData('/auth/2fa'),
  });

/** A new secret: the QR to scan and its otpauth address. */
export const setUpTwoFactorMutation = () => ({
  mutationFn: async () => (await api.post('/auth/2fa/setup')).data,
});

/** The first code turns it on; the answer carries the recovery codes, this once. */
export const enableTwoFactorMutation = () => ({
  mutationFn: async (code: string) => (await api.post('/auth/2fa/enable', { body: { code } })).data,
  onSuccess: invalidate(twoFactorKey),
});

/** Off, with a code from the app or a recovery code (the session alone is not enough). */
export const disableTwoFactorMutation = () => ({
  mutationFn: (code: string) => api.post('/auth/2fa/disable', { body: { code } }),
  onSuccess: invalidate(twoFactorKey),
});

/** The owner resets another staff member's (a lost phone): they set it up again at their next sign-in. */
export const resetTwoFactorMutation = () => ({
  mutationFn: (userId: number) => api.delete('/user/{id}/2fa', { path: { id: userId } }),
});
