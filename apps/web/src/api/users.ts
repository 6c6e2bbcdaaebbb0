import type { PublicUser, RegisterBody, StaffUser, UpdateUserBody, UserRoleBody } from '@petshop/domain';
import { keepPreviousData, type MutationFunctionContext } from '@tanstack/react-query';
import { type ApiResponse, apiRequest, getData, invalidate, pagedQueryOptions } from '../lib/api-client';
import { getSession, saveUser } from '../lib/session';

export const userKey = (id: number) => ['users', id] as const;
export const adminUsersKey = ['admin-users'] as const;

/** Waits while there is no id (no stored session). */
export const userQueryOptions = (id: number | undefined) => ({
  queryKey: userKey(id ?? 0),
  queryFn: getData<PublicUser>(`/user/${id ?? 0}`),
  enabled: id !== undefined,
});

export const registerMutation = () => ({
  mutationFn: (body: RegisterBody) => apiRequest<PublicUser>('/user', { method: 'POST', body }),
});

export interface UpdateUserInput {
  id: number;
  body: UpdateUserBody;
}

/** The caller's own record also replaces the stored user (SPEC section 4); the cached copies follow. */
export const updateUserMutation = () => ({
  mutationFn: ({ id, body }: UpdateUserInput) => apiRequest<PublicUser>(`/user/${id}`, { method: 'PUT', body }),
  onSuccess: (
    { data }: ApiResponse<PublicUser>,
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
  ...pagedQueryOptions<PublicUser>([...adminUsersKey, term], '/user', undefined, term ? { q: term } : {}),
  placeholderData: keepPreviousData,
});

export const deleteUserMutation = () => ({
  mutationFn: (id: number) => apiRequest<null>(`/user/${id}`, { method: 'DELETE' }),
  onSuccess: invalidate(adminUsersKey),
});

/** Owner: an account's role and, for store roles, its stores. */
export const setUserRoleMutation = (id: number) => ({
  mutationFn: (body: UserRoleBody) => apiRequest<StaffUser>(`/user/${id}/role`, { method: 'PUT', body }),
  onSuccess: invalidate(adminUsersKey),
});
