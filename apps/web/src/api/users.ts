import { keepPreviousData, type MutationFunctionContext } from '@tanstack/react-query';
import { api, getData, invalidate, pagedQueryOptions } from '../lib/api-client';
import { getSession, saveUser } from '../lib/session';
import type { Answer, Body } from '../lib/typed-api';

export const userKey = (id: number) => ['users', id] as const;
export const adminUsersKey = ['admin-users'] as const;

/** Waits while there is no id (no stored session). */
export const userQueryOptions = (id: number | undefined) => ({
  queryKey: userKey(id ?? 0),
  queryFn: getData('/user/{id}', { path: { id: id ?? 0 } }),
  enabled: id !== undefined,
});

export const registerMutation = () => ({
  mutationFn: (body: Body<'post', '/user'>) => api.post('/user', { body }),
});

export interface UpdateUserInput {
  id: number;
  body: Body<'put', '/user/{id}'>;
}

/** The caller's own record also replaces the stored user (SPEC section 4); the cached copies follow. */
export const updateUserMutation = () => ({
  mutationFn: ({ id, body }: UpdateUserInput) => api.put('/user/{id}', { path: { id }, body }),
  onSuccess: (
    { data }: Answer<'put', '/user/{id}'>,
    _variables: unknown,
    _result: unknown,
    { client }: MutationFunctionContext,
  ) => {
    if (getSession().user?.id === data.id) saveUser(data);
    client.setQueryData(userKey(data.id), data);
    return client.invalidateQueries({ queryKey: adminUsersKey });
  },
});

/** Admin: every live account, 20 at a time. */
/** `term` searches names, e-mails and CPFs; the last page stays on screen while a new term loads. */
export const adminUsersQueryOptions = (term = '') => ({
  ...pagedQueryOptions([...adminUsersKey, term], (page, signal) =>
    api.get('/user', { query: { ...(term ? { q: term } : {}), ...page }, signal }),
  ),
  placeholderData: keepPreviousData,
});

export const deleteUserMutation = () => ({
  mutationFn: (id: number) => api.delete('/user/{id}', { path: { id } }),
  onSuccess: invalidate(adminUsersKey),
});

/** Owner: an account's role and, for store roles, its stores. */
export const setUserRoleMutation = (id: number) => ({
  mutationFn: (body: Body<'put', '/user/{id}/role'>) => api.put('/user/{id}/role', { path: { id }, body }),
  onSuccess: invalidate(adminUsersKey),
});
