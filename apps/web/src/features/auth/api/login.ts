import type { LoginBody, PublicUser } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';

export interface AuthSession {
  user: PublicUser;
  token: string;
}

export async function login(body: LoginBody): Promise<AuthSession> {
  const response = await apiRequest<AuthSession>('/auth/login', { method: 'POST', body });
  return response.data;
}

/** Stores user and token on success (SPEC section 4). */
export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: ({ user, token }) => saveSession(user, token),
  });
