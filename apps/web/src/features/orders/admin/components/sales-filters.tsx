import { ORDER_STATUS, SALES_CUSTOMER_MAX } from '@petshop/domain';
import { type FormEvent, useState } from 'react';
import type { SalesFilters as Filters } from '../../../../api/orders';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import './sales-filters.css';

interface SalesFiltersProps {
  /** The filters the list shows now (from the URL). */
  applied: Filters;
  onApply: (filters: Filters) => void;
}

const RANGE_MESSAGE = 'A data final deve ser igual ou posterior à data inicial.';

/** The sales list's filters: the days the order was placed, its status and the customer; applied on 'Filtrar'. */
export function SalesFilters({ applied, onApply }: SalesFiltersProps) {
  const [draft, setDraft] = useState<Filters>(applied);
  const [rangeError, setRangeError] = useState<string | undefined>();
  const set = (name: keyof Filters) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError(RANGE_MESSAGE);
      return;
    }
    setRangeError(undefined);
    onApply({ ...draft, customer: draft.customer?.trim() });
  };

  const clear = () => {
    setDraft({});
    setRangeError(undefined);
    onApply({});
  };

  return (
    <form className="sales-filters" aria-label="Filtrar vendas" onSubmit={submit} noValidate>
      <TextField label="De" type="date" value={draft.from ?? ''} onValueChange={set('from')} />
      <TextField label="Até" type="date" value={draft.to ?? ''} onValueChange={set('to')} error={rangeError} />
      <Select label="Situação" value={draft.status ?? ''} onValueChange={set('status')}>
        <option value="">Todas</option>
        {Object.values(ORDER_STATUS).map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </Select>
      <TextField
        label="Cliente"
        type="search"
        placeholder="Nome ou e-mail"
        maxLength={SALES_CUSTOMER_MAX}
        value={draft.customer ?? ''}
        onValueChange={set('customer')}
      />
      <div className="sales-filters__actions">
        <Button type="submit">Filtrar</Button>
        <Button variant="secondary" onClick={clear}>
          Limpar filtros
        </Button>
      </div>
    </form>
  );
}
