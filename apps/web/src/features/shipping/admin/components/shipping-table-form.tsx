import { type ShippingTable, shippingTable } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { saveShippingTableMutation } from '../../../../api/shipping';
import { Button } from '../../../../components/ui/button';
import { FormAlert } from '../../../../components/ui/form-alert';
import { MoneyField, MoneyInput } from '../../../../components/ui/money-field';
import { useSchemaForm } from '../../../../hooks/use-schema-form';
import { toast } from '../../../../lib/toast';
import { rowErrors, type ShippingRow, toBody, toFormValues } from './shipping-rows';
import '../../../../components/ui/stacked-table.css';
import './shipping-table-form.css';

/** Per UF: delivered or not, the fee and the delivery time; then the free-shipping threshold. */
export function ShippingTableForm({ table }: { table: ShippingTable }) {
  const save = useMutation(saveShippingTableMutation());
  const form = useSchemaForm({
    schema: shippingTable,
    initialValues: toFormValues(table),
    toInput: toBody,
    nestedFields: true,
    submit: (body) => save.mutateAsync(body),
    onSuccess: ({ message }) => toast.success(message ?? 'Tabela de fretes atualizada com sucesso!'),
    errorMessage: 'Não foi possível salvar a tabela de fretes.',
    report: { toast: false },
  });
  const { values, errors } = form;
  const byUf = rowErrors(values, errors);
  // A message about the whole list (e.g. a UF twice) has no row to sit by.
  const listError = errors.rates;

  const change = (uf: ShippingRow['uf'], patch: Partial<ShippingRow>) =>
    form.set({ rows: values.rows.map((row) => (row.uf === uf ? { ...row, ...patch } : row)) });

  return (
    <form className="shipping-table-form" onSubmit={form.onSubmit} noValidate>
      <MoneyField
        label="Frete grátis a partir de (R$)"
        hint="Pedidos com produtos a partir deste valor não pagam frete. Deixe em branco para sempre cobrar."
        {...form.field('freeAbove')}
        className="shipping-table-form__free"
      />
      <table className="stacked-table shipping-table-form__table">
        <caption className="shipping-table-form__caption">Fretes por estado</caption>
        <thead>
          <tr>
            <th scope="col">UF</th>
            <th scope="col">Entregamos</th>
            <th scope="col">Frete (R$)</th>
            <th scope="col">Prazo (dias)</th>
          </tr>
        </thead>
        <tbody>
          {values.rows.map((row) => (
            <tr key={row.uf}>
              <td>{row.uf}</td>
              <td data-label="Entregamos">
                <input
                  type="checkbox"
                  className="shipping-table-form__check"
                  aria-label={`Entregamos em ${row.uf}`}
                  checked={row.delivers}
                  onChange={(event) => change(row.uf, { delivers: event.target.checked })}
                />
              </td>
              <td data-label="Frete (R$)">
                <RowInput
                  label={`Frete para ${row.uf} (R$)`}
                  value={row.price}
                  disabled={!row.delivers}
                  decimal
                  error={byUf[row.uf]?.price}
                  onChange={(price) => change(row.uf, { price })}
                />
              </td>
              <td data-label="Prazo (dias)">
                <RowInput
                  label={`Prazo para ${row.uf} (dias)`}
                  value={row.days}
                  disabled={!row.delivers}
                  error={byUf[row.uf]?.days}
                  onChange={(days) => change(row.uf, { days })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FormAlert message={listError ?? form.formError} />
      <div className="shipping-table-form__actions">
        <Button type="submit" loading={form.submitting}>
          Salvar tabela
        </Button>
      </div>
    </form>
  );
}

interface RowInputProps {
  label: string;
  value: string;
  disabled: boolean;
  decimal?: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** A compact input for a table cell: named by aria-label, its error right below it. */
function RowInput({ label, value, disabled, decimal = false, error, onChange }: RowInputProps) {
  const errorId = error ? `${label}-error`.replace(/\W+/g, '-') : undefined;
  return (
    <span className="shipping-table-form__cell">
      {decimal ? (
        <MoneyInput
          className="field__control shipping-table-form__input"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          value={value}
          disabled={disabled}
          onValueChange={onChange}
        />
      ) : (
        <input
          className="field__control shipping-table-form__input"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <span className="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
