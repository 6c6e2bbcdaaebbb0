import type {
  ForgotPasswordBody,
  LoginBody,
  LoginChallenge,
  PublicUser,
  ResetPasswordBody,
  TwoFactorVerifyBody,
} from '@petshop/domain';
import { apiRequest, getData } from '../lib/api-client';
import { saveSession } from '../lib/session';

export interface AuthSession {
  user: PublicUser;
  token: string;
}

/** A session, or (staff with two-factor) the challenge the code step answers. */
export type LoginResult = AuthSession | LoginChallenge;

/** Stores user and token on success (SPEC section 4); a challenge stores nothing yet. */
export const loginMutation = () => ({
  mutationFn: async (body: LoginBody) => (await apiRequest<LoginResult>('/auth/login', { method: 'POST', body })).data,
  onSuccess: (result: LoginResult) => {
    if ('user' in result) saveSession(result.user, result.token);
  },
});

/** The code step: the challenge and a code from the app (or a recovery code) give the session. */
export type VerifiedSession = AuthSession & { recoveryCodes?: string[] };
export const verifyTwoFactorMutation = () => ({
  mutationFn: async (body: TwoFactorVerifyBody) =>
    (await apiRequest<VerifiedSession>('/auth/2fa/verify', { method: 'POST', body })).data,
  onSuccess: ({ user, token }: VerifiedSession) => saveSession(user, token),
});

export const googleConfigQueryOptions = () => ({
  queryKey: ['auth', 'google-config'],
  queryFn: getData<{ clientId: string | null }>('/auth/google/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** A known e-mail logs in; an unknown one comes back with what /register needs. */
export type GoogleLoginResult =
  | AuthSession
  | LoginChallenge
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
