import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LoadingState } from '../../components/ui/spinner';
import { clearSession, getSession, saveUser } from '../../lib/session';
import { AccessRequired } from './access-required';
import { useSessionCheck } from './use-session-check';

const PROFILE_FIELDS = ['id', 'name', 'email', 'cpf', 'phone', 'role'] as const;

interface RequireSessionProps {
  children: ReactNode;
  /** What a visitor gets: the access-required screen (customer pages) or /error (admin pages, SPEC section 6). */
  visitor?: 'access-required' | 'error';
}

/**
 * Customer and admin pages: no stored session → the access-required screen (/error on admin pages); a session →
 * 'Carregando...' while it is checked; 401 → logged out and sent to /error.
 */
export function RequireSession({ children, visitor = 'access-required' }: RequireSessionProps) {
  const check = useSessionCheck();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (check.status !== 'expired') return;
    // Cleared after leaving, so the access-required screen does not flash; dropping the cache also
    // drops the cached 401, so a later login starts clean.
    void Promise.resolve(navigate('/error', { replace: true })).then(() => {
      clearSession();
      queryClient.clear();
    });
  }, [check.status, navigate, queryClient]);

  const validUser = check.status === 'valid' ? check.user : null;
  useEffect(() => {
    if (!validUser) return;
    // Keeps the stored copy (name, role...) in step with the server.
    const stored = getSession().user;
    if (!stored || PROFILE_FIELDS.some((field) => stored[field] !== validUser[field])) saveUser(validUser);
  }, [validUser]);

  switch (check.status) {
    case 'anonymous':
      return visitor === 'error' ? <Navigate to="/error" replace /> : <AccessRequired />;
    case 'checking':
    case 'expired':
      return <LoadingState />;
    default:
      return children;
  }
}
