import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { loadFormSchemas } from '../hooks/use-schema-form';
import { clearSession } from '../lib/session';

/** Renders with a fresh query cache that never retries, as a failing request should fail at once in a test. */
export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** Renders `routes` in a memory router at `path`; returns the router to assert on its location. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}

/**
 * Call at the top of a test file: replaces `fetch` with a mock for every test, then unmounts,
 * clears the stored session and restores `fetch`. `answer` makes every call reply with that body.
 */
export function installFetchStub() {
  const fetchMock = vi.fn<typeof fetch>();
  // The shop forms' schemas load on first use (a chunk in the app); loaded once here, so a busy
  // machine's slow first import does not eat into a test's wait for the form's answer.
  beforeAll(async () => {
    await loadFormSchemas();
  });
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    clearSession();
    vi.unstubAllGlobals();
  });
  const answer = (status: number, body: unknown) =>
    fetchMock.mockResolvedValue(new Response(JSON.stringify(body), { status }));
  return { fetchMock, answer };
}
