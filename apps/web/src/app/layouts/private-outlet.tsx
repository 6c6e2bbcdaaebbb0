import { Outlet } from 'react-router';
import { RequireSession } from '../guards/require-session';

/** The personal pages inside the shop layout: a visitor sees the access-required screen under the header. */
export function PrivateOutlet() {
  return (
    <RequireSession>
      <Outlet />
    </RequireSession>
  );
}

export { PrivateOutlet as Component };
