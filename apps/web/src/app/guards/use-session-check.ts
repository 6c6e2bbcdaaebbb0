import type { PublicUser } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from '../../api/users';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';

export type SessionCheck =
  | { status: 'anonymous' }
  | { status: 'checking' }
  | { status: 'expired' }
  | { status: 'valid'; user: PublicUser }
  /** The check failed for another reason (network, server): the stored session is kept. */
  | { status: 'unverified'; user: PublicUser; retry: () => void };

/** Validates the stored session by fetching the stored user by id (SPEC section 6). */
export function useSessionCheck(): SessionCheck {
  const { user, token } = useSession();
  const hasSession = Boolean(user && token);
  const query = useQuery(userQueryOptions(hasSession ? user?.id : undefined));

  if (!user || !hasSession) return { status: 'anonymous' };
  if (query.data) return { status: 'valid', user: query.data };
  if (query.error instanceof ApiError && query.error.status === 401) return { status: 'expired' };
  if (query.isError) return { status: 'unverified', user, retry: () => void query.refetch() };
  return { status: 'checking' };
}
