import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { preloadModal } from '../../components/ui/modal';
import { installFetchStub, renderRoutes } from '../../test/render';
import { RootLayout } from './root-layout';

vi.mock('../../components/ui/modal', async (original) => ({
  ...(await original<typeof import('../../components/ui/modal')>()),
  preloadModal: vi.fn(),
}));

const { answer } = installFetchStub();

function Page() {
  return (
    <>
      <h1>Caixa</h1>
      <form aria-label="Abrir o caixa">
        <button type="submit">Abrir caixa</button>
      </form>
      <button type="button">Fazer Pagamento</button>
    </>
  );
}

describe('the root layout preloads what the next tap needs', () => {
  test("a button's dialog code when the pointer or focus reaches it, never for a form's submit button", async () => {
    answer(200, { data: { sandbox: false } });
    renderRoutes([{ element: <RootLayout />, children: [{ index: true, element: <Page /> }] }], '/');
    const submit = await screen.findByRole('button', { name: 'Abrir caixa' });
    fireEvent.pointerOver(submit);
    fireEvent.focusIn(submit);
    expect(preloadModal).not.toHaveBeenCalled();
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Fazer Pagamento' }));
    expect(preloadModal).toHaveBeenCalledTimes(1);
  });
});
