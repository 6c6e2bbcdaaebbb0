import type { MutationFunctionContext } from '@tanstack/react-query';
import { api, getData } from '../lib/api-client';
import { saveSession } from '../lib/session';
import type { Answer, Body } from '../lib/typed-api';
import type { AuthSession } from './auth';

export const preferencesKey = (userId: number) => ['preferences', userId] as const;

export const preferencesQueryOptions = (userId: number) => ({
  queryKey: preferencesKey(userId),
  queryFn: getData('/user/{id}/preferences', { path: { id: userId } }),
});

export type Preferences = Body<'put', '/user/{id}/preferences'>;

export const savePreferencesMutation = (userId: number) => ({
  mutationFn: (body: Preferences) => api.put('/user/{id}/preferences', { path: { id: userId }, body }),
  onSuccess: (
    { data }: Answer<'put', '/user/{id}/preferences'>,
    _variables: unknown,
    _result: unknown,
    { client }: MutationFunctionContext,
  ) => client.setQueryData(preferencesKey(userId), data),
});

export interface ChangePasswordInput {
  id: number;
  body: Body<'put', '/user/{id}/password'>;
}

/** The server ends every other session and answers with a new token, kept here. */
export const changePasswordMutation = () => ({
  mutationFn: async ({ id, body }: ChangePasswordInput) =>
    (await api.put('/user/{id}/password', { path: { id }, body })).data,
  onSuccess: ({ user, token }: AuthSession) => saveSession(user, token),
});

/** Fetches the LGPD export and hands it to the browser as a JSON file. */
export const downloadDataMutation = () => ({
  mutationFn: async (userId: number) => {
    // The export is the whole response body, not a `{ data }` envelope.
    const body = await api.get('/user/{id}/export', { path: { id: userId } });
    const url = URL.createObjectURL(new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `petcare-meus-dados-${userId}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
});

/**
 * Deletes the own account; the caller leaves the page, then ends the session. With open orders the
 * server answers 409 OPEN_ORDERS naming them, unless `cancelOpenOrders` confirms cancelling them.
 */
export const deleteAccountMutation = () => ({
  mutationFn: ({ userId, cancelOpenOrders = false }: { userId: number; cancelOpenOrders?: boolean }) =>
    api.delete('/user/{id}', {
      path: { id: userId },
      ...(cancelOpenOrders ? { body: { cancelOpenOrders: true } } : {}),
    }),
});
