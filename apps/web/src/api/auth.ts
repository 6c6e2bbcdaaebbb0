import type { ForgotPasswordBody, LoginBody, PublicUser, ResetPasswordBody } from '@petshop/domain';
import { apiRequest, getData } from '../lib/api-client';
import { saveSession } from '../lib/session';

export interface AuthSession {
  user: PublicUser;
  token: string;
}

/** Stores user and token on success (SPEC section 4). */
export const loginMutation = () => ({
  mutationFn: async (body: LoginBody) => (await apiRequest<AuthSession>('/auth/login', { method: 'POST', body })).data,
  onSuccess: ({ user, token }: AuthSession) => saveSession(user, token),
});

export const googleConfigQueryOptions = () => ({
  queryKey: ['auth', 'google-config'],
  queryFn: getData<{ clientId: string | null }>('/auth/google/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** A known e-mail logs in; an unknown one comes back with what /register needs. */
export type GoogleLoginResult =
  | AuthSession
  | { registration: { email: string; name: string; photoURL: string | null; googleTicket: string } };

export const googleLoginMutation = () => ({
  mutationFn: async (credential: string) =>
    (await apiRequest<GoogleLoginResult>('/auth/google', { method: 'POST', body: { credential } })).data,
  onSuccess: (result: GoogleLoginResult) => {
    if ('user' in result) saveSession(result.user, result.token);
  },
});

/** 202 with the same message whether or not the e-mail has an account. */
export const forgotPasswordMutation = () => ({
  mutationFn: (body: ForgotPasswordBody) => apiRequest<null>('/auth/password/forgot', { method: 'POST', body }),
});

/** A successful reset logs the person in. */
export const resetPasswordMutation = () => ({
  mutationFn: async (body: ResetPasswordBody) =>
    (await apiRequest<AuthSession>('/auth/password/reset', { method: 'POST', body })).data,
  onSuccess: ({ user, token }: AuthSession) => saveSession(user, token),
});
