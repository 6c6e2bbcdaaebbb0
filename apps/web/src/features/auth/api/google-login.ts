import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';
import type { AuthSession } from './login';

/** A known e-mail logs in; an unknown one comes back with what /register needs. */
export type GoogleLoginResult =
  | AuthSession
  | { registration: { email: string; name: string; photoURL: string | null; googleTicket: string } };

export async function loginWithGoogle(credential: string): Promise<GoogleLoginResult> {
  const response = await apiRequest<GoogleLoginResult>('/auth/google', { method: 'POST', body: { credential } });
  return response.data;
}

export const useGoogleLogin = () =>
  useMutation({
    mutationFn: loginWithGoogle,
    onSuccess: (result) => {
      if ('user' in result) saveSession(result.user, result.token);
    },
  });
