import { api, getData } from '../lib/api-client';
import { saveSession } from '../lib/session';
import type { Body, Data } from '../lib/typed-api';

export type AuthSession = Data<'put', '/user/{id}/password'>;

/** A session, or (staff with two-factor) the challenge the code step answers. */
export type LoginResult = Data<'post', '/auth/login'>;

/** Stores user and token on success (SPEC section 4); a challenge stores nothing yet. */
export const loginMutation = () => ({
  mutationFn: async (body: Body<'post', '/auth/login'>) => (await api.post('/auth/login', { body })).data,
  onSuccess: (result: LoginResult) => {
    if ('user' in result) saveSession(result.user, result.token);
  },
});

/** The code step: the challenge and a code from the app (or a recovery code) give the session. */
export type VerifiedSession = Data<'post', '/auth/2fa/verify'>;
export const verifyTwoFactorMutation = () => ({
  mutationFn: async (body: Body<'post', '/auth/2fa/verify'>) => (await api.post('/auth/2fa/verify', { body })).data,
  onSuccess: ({ user, token }: VerifiedSession) => saveSession(user, token),
});

export const googleConfigQueryOptions = () => ({
  queryKey: ['auth', 'google-config'],
  queryFn: getData('/auth/google/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** A known e-mail logs in; an unknown one comes back with what /register needs. */
export type GoogleLoginResult = Data<'post', '/auth/google'>;

export const googleLoginMutation = () => ({
  mutationFn: async (credential: string) => (await api.post('/auth/google', { body: { credential } })).data,
  onSuccess: (result: GoogleLoginResult) => {
    if ('user' in result) saveSession(result.user, result.token);
  },
});

/** 202 with the same message whether or not the e-mail has an account. */
export const forgotPasswordMutation = () => ({
  mutationFn: (body: Body<'post', '/auth/password/forgot'>) => api.post('/auth/password/forgot', { body }),
});

/** A session, or (an account with two-factor) the challenge the code step answers. */
export type ResetResult = Data<'post', '/auth/password/reset'>;

/** A successful reset logs the person in, after the code step when the account has one. */
export const resetPasswordMutation = () => ({
  mutationFn: async (body: Body<'post', '/auth/password/reset'>) =>
    (await api.post('/auth/password/reset', { body })).data,
  onSuccess: (result: ResetResult) => {
    if ('user' in result) saveSession(result.user, result.token);
  },
});

/** A session, or (an account with two-factor, or a role that must enrol) the challenge the code step answers. */
export type AcceptInvitationResult = Data<'post', '/auth/invitations/accept'>;

/** Accepting an invitation to the team by the e-mailed link logs the person in, after the code step when needed. */
export const acceptInvitationMutation = () => ({
  mutationFn: async (body: Body<'post', '/auth/invitations/accept'>) =>
    (await api.post('/auth/invitations/accept', { body })).data,
  onSuccess: (result: AcceptInvitationResult) => {
    if ('user' in result) saveSession(result.user, result.token);
  },
});
