import type { PublicUser, RegisterBody } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function register(body: RegisterBody) {
  return apiRequest<PublicUser>('/user', { method: 'POST', body });
}

export const useRegister = () => useMutation({ mutationFn: register });
