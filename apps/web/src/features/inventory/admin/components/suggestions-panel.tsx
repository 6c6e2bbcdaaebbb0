import { formatMoney, type StockSuggestion } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { suggestionsQueryOptions } from '../../../../api/inventory';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { EmptyState } from '../../../../components/ui/empty-state';
import { StoreSelect } from './choice-selects';
import { MinimumForm } from './minimum-form';
import { QueryState } from './query-state';
import type { StockNames } from './use-stock-names';

const columns: Column<StockSuggestion>[] = [
  { label: 'Produto', cell: (s) => s.productName },
  { label: 'Em estoque', cell: (s) => s.quantity },
  { label: 'Mínimo', cell: (s) => s.minimum },
  { label: 'Vendas por semana', cell: (s) => s.weeklySales.toLocaleString('pt-BR') },
  { label: 'Comprar', cell: (s) => <strong>{s.suggested}</strong> },
  { label: 'Custo médio', cell: (s) => (s.averageCost === null ? '—' : formatMoney(s.averageCost)) },
];

/** What to reorder at a store: products under their minimum, by the last 8 weeks' sales. */
export function SuggestionsPanel({ names }: { names: StockNames }) {
  const [storeId, setStoreId] = useState('');
  const chosen = storeId || (names.stores.length === 1 ? String(names.stores[0]?.id) : '');
  const suggestions = useQuery(suggestionsQueryOptions(chosen ? Number(chosen) : undefined));
  return (
    <section aria-labelledby="stock-suggestions-title" className="stock-admin__section">
      <h2 id="stock-suggestions-title">Sugestões de compra</h2>
      {names.stores.length > 1 && <StoreSelect names={names} label="Loja" value={chosen} onValueChange={setStoreId} />}
      {!chosen ? (
        <EmptyState message="Escolha uma loja para ver as sugestões." />
      ) : (
        <>
          <h3 id="stock-minimum-title">Estoque mínimo</h3>
          <p className="stock-admin__hint">Um produto abaixo do seu mínimo nesta loja entra nas sugestões de compra.</p>
          <MinimumForm key={chosen} names={names} storeId={Number(chosen)} suggestions={suggestions.data ?? []} />
          <QueryState
            query={suggestions}
            isEmpty={(suggestions.data ?? []).length === 0}
            errorMessage="Erro ao calcular as sugestões."
            emptyMessage="Nenhum produto abaixo do mínimo nesta loja."
          >
            <DataTable
              caption="Sugestões de compra"
              rows={suggestions.data ?? []}
              rowKey={(s) => s.productId}
              columns={columns}
            />
          </QueryState>
        </>
      )}
    </section>
  );
}
