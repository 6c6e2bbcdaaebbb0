import { useSearchParams } from 'react-router';
import { authPath, safeReturnPath } from '../../lib/return-path';

/** The page a visitor left for /login or /register (`?next=`), kept across both and the Google sign-in. */
export function useReturnPath() {
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  return {
    /** Where a successful login goes. */
    destination: next ?? '/home',
    /** whether a page sent the visitor here (`?next=`) */
    asked: next !== null,
    link: (page: '/login' | '/register') => authPath(page, next),
  };
}
