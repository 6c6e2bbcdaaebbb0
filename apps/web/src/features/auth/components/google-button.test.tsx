import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { GoogleButton } from './google-button';

const fetchMock = vi.fn<typeof fetch>();

function renderButton() {
  const router = createMemoryRouter([{ path: '/login', element: <GoogleButton /> }], { initialEntries: ['/login'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('GoogleButton', () => {
  test('says so when the server has no Google client id, and loads no Google script', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: { clientId: null } }), { status: 200 }));
    renderButton();

    expect(await screen.findByText('Login com o Google não está configurado neste servidor.')).toBeTruthy();
    const button = screen.getByRole('button', { name: /Continuar com o Google/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.head.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  test('loads Google Identity Services when a client id is configured', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ data: { clientId: 'abc.apps.googleusercontent.com' } }), { status: 200 }),
    );
    renderButton();

    await vi.waitFor(() => {
      expect(document.head.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull();
    });
    expect(screen.queryByText('Login com o Google não está configurado neste servidor.')).toBeNull();
  });
});
