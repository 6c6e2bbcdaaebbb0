import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoadingState } from '../../components/ui/spinner';
import { clearSession, getSession, saveUser } from '../../lib/session';
import { AccessRequired } from './access-required';
import { useSessionCheck } from './use-session-check';

const PROFILE_FIELDS = ['id', 'name', 'email', 'cpf', 'phone', 'role'] as const;

interface RequireSessionProps {
  children: ReactNode;
  /** Wraps the access-required screen: the admin layout has no header of its own for a visitor. */
  frame?: (content: ReactNode) => ReactNode;
}

/**
 * Customer and admin pages: no stored session → the access-required screen; a session →
 * 'Carregando...' while it is checked; 401 → logged out and sent to /error.
 */
export function RequireSession({ children, frame = (content) => content }: RequireSessionProps) {
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
      return frame(<AccessRequired />);
    case 'checking':
    case 'expired':
      return <LoadingState />;
    default:
      return children;
  }
}
