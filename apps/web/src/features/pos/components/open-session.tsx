import { useMutation, useQuery } from '@tanstack/react-query';
import { openPosSessionMutation } from '../../../api/pos';
import { storesQueryOptions } from '../../../api/stores';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { amountOf } from './amount';
import { PosField } from './pos-field';
import { tillSchema } from './till-schema';

/** No session open: the operator picks the store and counts the drawer. */
export function OpenSession() {
  const stores = useQuery(storesQueryOptions()).data ?? [];
  const open = useMutation(openPosSessionMutation());
  const form = useSchemaForm({
    schema: tillSchema((schemas) => schemas.openSessionBody),
    initialValues: { storeId: '', openingCash: '100' },
    // Until the operator picks one, the select shows the first store.
    toInput: ({ storeId, openingCash }) => ({
      storeId: Number(storeId || stores[0]?.id),
      openingCash: amountOf(openingCash),
    }),
    issues: 'form',
    submit: (body) => open.mutateAsync(body),
    errorMessage: 'Não foi possível abrir o caixa.',
    report: { toast: false },
  });
  const store = form.field('storeId');
  return (
    <form className="pos pos-open" onSubmit={form.onSubmit}>
      <h1>Abrir o caixa</h1>
      <label>
        Loja
        <select name={store.name} value={store.value} onChange={(e) => store.onValueChange(e.target.value)}>
          {stores.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <PosField label="Dinheiro na gaveta (R$)" inputMode="decimal" {...form.field('openingCash')} />
      {form.formError && <p role="alert">{form.formError}</p>}
      <button type="submit" className="pos-big" disabled={form.submitting}>
        Abrir caixa
      </button>
    </form>
  );
}
