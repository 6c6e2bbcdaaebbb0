import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearSession } from '../lib/session';

/** Ends the session and goes to /login; leaving first keeps a guarded page from flashing its access-required screen. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    void Promise.resolve(navigate('/login')).then(() => {
      clearSession();
      queryClient.clear();
    });
  };
}
