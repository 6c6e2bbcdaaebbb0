import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { Field } from './field';
import { Modal } from './modal';

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

  test('an explicit id wins over the generated one', () => {
    render(
      <Field id="refund-amount" label="Valor">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByLabelText('Valor').id).toBe('refund-amount');
  });
});
