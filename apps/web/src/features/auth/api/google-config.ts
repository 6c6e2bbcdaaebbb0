import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function getGoogleConfig() {
  const response = await apiRequest<{ clientId: string | null }>('/auth/google/config');
  return response.data;
}

export const useGoogleConfig = () =>
  useQuery({ queryKey: ['auth', 'google-config'], queryFn: getGoogleConfig, staleTime: Number.POSITIVE_INFINITY });
