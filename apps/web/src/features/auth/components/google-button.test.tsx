import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../test/render';
import { GoogleButton } from './google-button';

const { answer } = installFetchStub();
const renderButton = () => renderRoutes([{ path: '/login', element: <GoogleButton /> }], '/login');

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
});

describe('GoogleButton', () => {
  test('says so when the server has no Google client id, and loads no Google script', async () => {
    answer(200, { data: { clientId: null } });
    renderButton();

    expect(await screen.findByText('Login com o Google não está configurado neste servidor.')).toBeTruthy();
    const button = screen.getByRole('button', { name: /Continuar com o Google/ });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.head.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  test('loads Google Identity Services when a client id is configured', async () => {
    answer(200, { data: { clientId: 'abc.apps.googleusercontent.com' } });
    renderButton();

    await vi.waitFor(() => {
      expect(document.head.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull();
    });
    expect(screen.queryByText('Login com o Google não está configurado neste servidor.')).toBeNull();
  });
});
