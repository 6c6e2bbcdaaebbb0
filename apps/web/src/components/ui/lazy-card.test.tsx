import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { lazyCard } from './lazy-card';

type Report = (entries: { isIntersecting: boolean }[]) => void;

/** The card is on screen: the observer reports it the moment it observes it. */
const onScreen = () =>
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: Report) {}
      observe() {
        this.report([{ isIntersecting: true }]);
      }
      disconnect() {}
    },
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Loaded({ petId }: { petId: number }) {
  return <p>Créditos do pet {petId}</p>;
}

const frame = ({ petId }: { petId: number }) => ({ title: 'Meus pacotes', titleId: `packages-${petId}` });

describe('lazyCard', () => {
  test('shows the titled card with a loading status until its code is there, then the card', async () => {
    onScreen();
    let arrive: (component: typeof Loaded) => void = () => {};
    const Card = lazyCard(() => new Promise<typeof Loaded>((resolve) => (arrive = resolve)), frame);
    render(<Card petId={7} />);
    expect(screen.getByRole('region', { name: 'Meus pacotes' }).textContent).toContain('Carregando...');
    screen.getByRole('status');
    arrive(Loaded);
    await screen.findByText('Créditos do pet 7');
    expect(screen.queryByRole('status')).toBeNull();
  });

  test("a chunk that fails to load leaves the card's title, a message and 'Tentar novamente', which fetches it again", async () => {
    onScreen();
    const load = vi
      .fn<() => Promise<typeof Loaded>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Loaded);
    const Card = lazyCard(load, frame);
    render(<Card petId={7} />);
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getByRole('region', { name: 'Meus pacotes' }).textContent).toContain(
      'Não foi possível carregar esta seção.',
    );
    await userEvent.click(retry);
    await screen.findByText('Créditos do pet 7');
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('below the fold, its code is fetched only when the card comes near the viewport', async () => {
    let report: (near: boolean) => void = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: Report) {
          report = (near) => callback([{ isIntersecting: near }]);
        }
        observe() {}
        disconnect() {}
      },
    );
    const load = vi.fn(() => Promise.resolve(Loaded));
    const Card = lazyCard(load, frame);
    render(<Card petId={7} />);
    screen.getByRole('region', { name: 'Meus pacotes' });
    act(() => report(false));
    expect(load).not.toHaveBeenCalled();
    act(() => report(true));
    await screen.findByText('Créditos do pet 7');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
