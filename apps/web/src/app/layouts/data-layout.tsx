import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/query-client';

/**
 * Server-state cache for every route that talks to the API. It is a lazy route of its own so the
 * landing page does not download TanStack Query; the one client keeps the cache across routes.
 */
export function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export { DataLayout as Component };
