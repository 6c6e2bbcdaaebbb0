import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { afterEach, describe, expect, test } from 'vitest';
import { Field } from './field';
import { Modal } from './modal';
import { useModalLayer } from './modal-layer';

function TextField({ label, hint }: { label: string; hint?: string }) {
  return (
    <Field label={label} hint={hint}>
      {(control) => <input {...control} />}
    </Field>
  );
}

function RefundForm() {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setShown(true)}>
        Reembolsar
      </button>
      {shown && <TextField label="Motivo" hint="Aparece no extrato" />}
    </div>
  );
}

/** A library's dialog, its code loaded on first opening, naming itself by an id from useId. */
function LibraryDialogPanel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div role="dialog" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </div>
  );
}
const LibraryDialog = lazy(async () => ({ default: LibraryDialogPanel }));

/** A list page's filters, and a dialog (loaded on first opening) with fields of its own. */
function Page({ library = false }: { library?: boolean }) {
  const [open, setOpen] = useState(false);
  const fields = (
    <>
      <TextField label="Valor do reembolso" hint="Até o total" />
      <RefundForm />
    </>
  );
  return (
    <main>
      <TextField label="Cliente" />
      <TextField label="Status" hint="Um ou mais" />
      <button type="button" onClick={() => setOpen(true)}>
        Abrir pedido
      </button>
      {library ? (
        open && (
          <Suspense fallback={null}>
            <LibraryDialog title="Pedido">{fields}</LibraryDialog>
          </Suspense>
        )
      ) : (
        <Modal open={open} onOpenChange={setOpen} title="Pedido">
          {fields}
        </Modal>
      )}
    </main>
  );
}

/** A panel in the modal layer, as the menu drawer is: a portal that issues no id before its own fields do. */
function FiltersPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { layer, dialog } = useModalLayer(open, () => onOpenChange(false));
  if (!open) return null;
  return createPortal(
    <div ref={dialog} role="dialog" aria-label="Filtros">
      <TextField label="Buscar" />
    </div>,
    layer,
  );
}

/** A list whose form shows once its data has arrived, and a filters panel that can be opened before. */
function LoadingPage({ loaded }: { loaded: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Filtros
      </button>
      {loaded && <TextField label="Cliente" />}
      <FiltersPanel open={open} onOpenChange={setOpen} />
    </main>
  );
}

afterEach(cleanup);

const idsOf = (root: ParentNode) => [...root.querySelectorAll('[id]')].map((element) => element.id);

describe('Field', () => {
  test.each([
    ["the shop's dialog", false],
    ["a library's dialog", true],
  ])(
    'each field of the page and of %s opened later has its own id, and its label names its input',
    async (_, library) => {
      const user = userEvent.setup();
      render(<Page library={library} />);
      await user.click(screen.getByRole('button', { name: 'Abrir pedido' }));
      await screen.findByRole('dialog');
      await user.click(screen.getByRole('button', { name: 'Reembolsar' }));

      const labels = ['Cliente', 'Status', 'Valor do reembolso', 'Motivo'];
      const inputs = labels.map((label) => screen.getByLabelText(label));
      expect(new Set(inputs).size).toBe(labels.length);
      for (const [index, input] of inputs.entries()) {
        expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe(labels[index]);
      }
      const ids = idsOf(document.body);
      expect(ids.length).toBeGreaterThanOrEqual(7);
      expect(new Set(ids).size).toBe(ids.length);
      expect(screen.getByLabelText('Motivo').getAttribute('aria-describedby')).toBe(`${inputs[3]?.id}-hint`);
    },
  );

  // Preact's own useId fails this: the portal, opened before the page issued any id, numbers its own
  // ids from zero, and the page's field that arrives later is given the same one.
  test('a field of the page that arrives while a panel of the modal layer is open has an id of its own', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<LoadingPage loaded={false} />);
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    await screen.findByRole('dialog');
    rerender(<LoadingPage loaded />);

    const search = screen.getByLabelText('Buscar');
    const customer = screen.getByLabelText('Cliente');
    expect(search).not.toBe(customer);
    expect(document.querySelector(`label[for="${customer.id}"]`)?.textContent).toBe('Cliente');
    expect(document.querySelector(`label[for="${search.id}"]`)?.textContent).toBe('Buscar');
    const ids = idsOf(document.body);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  test('an explicit id wins over the generated one', () => {
    render(
      <Field id="refund-amount" label="Valor">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByLabelText('Valor').id).toBe('refund-amount');
  });
});
