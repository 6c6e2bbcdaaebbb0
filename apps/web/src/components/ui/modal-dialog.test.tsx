import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog';

function Page({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <ModalDialog open={open} onOpenChange={setOpen} title="Pagamento" description="Confira os dados.">
        <input aria-label="Nome" />
        {nested && (
          <button type="button" onClick={() => setInner(true)}>
            Confirmar
          </button>
        )}
      </ModalDialog>
      <ModalDialog open={inner} onOpenChange={setInner} title="Tem certeza?" />
    </main>
  );
}

describe('ModalDialog', () => {
  afterEach(cleanup);

  it('is a named, described modal; the page behind is inert and does not scroll; Esc closes it and focus returns', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Pagamento' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Confira os dados.',
    );
    // The first control inside takes the focus (the close button), nothing outside can.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fechar' }));
    expect(opener.closest('main')?.parentElement?.inert).toBe(true);
    expect(document.documentElement.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener.closest('main')?.parentElement?.inert).toBe(false);
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.activeElement).toBe(opener);
  });

  it('closes on the overlay and on the close button', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    fireEvent.pointerDown(document.querySelector('.modal__overlay') as Element);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a dialog opened from another is the only one Esc closes, and the first stays modal', async () => {
    const user = userEvent.setup();
    render(<Page nested />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const confirm = screen.getByRole('button', { name: 'Confirmar' });
    await user.click(confirm);
    const outer = screen.getByRole('dialog', { name: 'Pagamento' });
    expect(screen.getByRole('dialog', { name: 'Tem certeza?' }).isConnected).toBe(true);
    expect(outer.parentElement?.inert).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Tem certeza?' })).toBeNull();
    expect(outer.isConnected).toBe(true);
    expect(outer.parentElement?.inert).toBe(false);
    expect(document.activeElement).toBe(confirm);
    expect(document.documentElement.style.overflow).toBe('hidden');
  });
});
