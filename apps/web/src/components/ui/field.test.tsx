import * as Dialog from '@radix-ui/react-dialog';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, type ReactNode, Suspense, useState } from 'react';
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

/** A Radix dialog (as the menu drawer is), its code loaded on first opening. */
const RadixDialog = lazy(async () => ({
  default: ({ title, children }: { title: string; children: ReactNode }) => (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Content aria-describedby={undefined}>
          <Dialog.Title>{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  ),
}));

/** A list page's filters, and a dialog (loaded on first opening) with fields of its own. */
function Page({ radix = false }: { radix?: boolean }) {
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
      {radix ? (
        open && (
          <Suspense fallback={null}>
            <RadixDialog title="Pedido">{fields}</RadixDialog>
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
    ['a Radix dialog', true],
  ])(
    'each field of the page and of %s opened later has its own id, and its label names its input',
    async (_, radix) => {
      const user = userEvent.setup();
      render(<Page radix={radix} />);
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
