import { RequireAdmin } from '../guards/require-admin';
import { RequireSession } from '../guards/require-session';

/** /admin inside the shop layout: a visitor or a customer goes to /error (SPEC section 6). */
export function AdminOutlet() {
  return (
    <RequireSession visitor="error">
      <RequireAdmin />
    </RequireSession>
  );
}

export { AdminOutlet as Component };
