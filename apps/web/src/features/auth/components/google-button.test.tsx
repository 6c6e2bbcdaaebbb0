import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../test/render';
import { GoogleButton } from './google-button';

const { fetchMock, answer } = installFetchStub();
const renderButton = () => renderRoutes([{ path: '/login', element: <GoogleButton /> }], '/login');

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('GoogleButton', () => {
  test('shows nothing, not even its divider, when the server has no Google client id, and loads no Google script', async () => {
    answer(200, { data: { clientId: null } });
    renderRoutes([{ path: '/login', element: <GoogleButton divider={<p>ou</p>} /> }], '/login');

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /Continuar com o Google/ })).toBeNull());
    expect(screen.queryByText('ou')).toBeNull();
    expect(screen.queryByText(/não está configurado/)).toBeNull();
    expect(document.head.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  test('loads Google Identity Services when a client id is configured', async () => {
    answer(200, { data: { clientId: 'abc.apps.googleusercontent.com' } });
    renderButton();

    await vi.waitFor(() => {
      expect(document.head.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull();
    });
    expect(screen.getByRole('button', { name: /Continuar com o Google/ })).toBeTruthy();
  });
});
