import { formatDateTime, STOCK_REASON_LABELS, type StockMovement } from '@petshop/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type MovementFilters, movementsQueryOptions } from '../../../../api/inventory';
import { Button } from '../../../../components/ui/button';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { TextField } from '../../../../components/ui/text-field';
import { ProductSelect, StoreSelect } from './choice-selects';
import { QueryState } from './query-state';
import type { StockNames } from './use-stock-names';

/** The ledger with its filters: product, store and São Paulo days; 20 at a time. */
export function MovementsPanel({ names }: { names: StockNames }) {
  const [filters, setFilters] = useState<MovementFilters>({});
  const query = useInfiniteQuery(movementsQueryOptions(filters));
  const rows = query.data?.pages.flatMap((page) => page.data) ?? [];
  const total = query.data?.pages.at(-1)?.meta?.total ?? rows.length;
  const set = (patch: MovementFilters) => setFilters((current) => ({ ...current, ...patch }));
  const columns: Column<StockMovement>[] = [
    { label: 'Quando', cell: (m) => formatDateTime(m.at) },
    { label: 'Produto', cell: (m) => names.productName(m.productId) },
    { label: 'Loja', cell: (m) => names.storeName(m.storeId) },
    {
      label: 'Quantidade',
      cell: (m) => (
        <span className={m.delta < 0 ? 'stock-admin__out' : 'stock-admin__in'}>
          {m.delta > 0 ? `+${m.delta}` : m.delta}
        </span>
      ),
    },
    { label: 'Motivo', cell: (m) => STOCK_REASON_LABELS[m.reason] },
    { label: 'Referência', cell: (m) => [m.ref, m.note].filter(Boolean).join(' · ') || '—' },
  ];
  return (
    <section aria-labelledby="stock-movements-title" className="stock-admin__section">
      <h2 id="stock-movements-title">Movimentações</h2>
      <div className="stock-admin__filters">
        <ProductSelect
          names={names}
          label="Produto"
          anyLabel="Todos"
          value={filters.productId ?? ''}
          onValueChange={(v) => set({ productId: v })}
        />
        <StoreSelect
          names={names}
          label="Loja"
          anyLabel="Todas"
          value={filters.storeId ?? ''}
          onValueChange={(v) => set({ storeId: v })}
        />
        <TextField label="De" type="date" value={filters.from ?? ''} onValueChange={(v) => set({ from: v })} />
        <TextField label="Até" type="date" value={filters.to ?? ''} onValueChange={(v) => set({ to: v })} />
      </div>
      <QueryState
        query={query}
        isEmpty={rows.length === 0}
        errorMessage="Erro ao buscar as movimentações."
        emptyMessage="Nenhuma movimentação com estes filtros."
      >
        <p className="stock-admin__count" role="status">
          Mostrando {rows.length} de {total} {total === 1 ? 'movimentação' : 'movimentações'}
        </p>
        <DataTable caption="Movimentações de estoque" rows={rows} rowKey={(m) => m.id} columns={columns} />
        {query.hasNextPage && (
          <Button variant="secondary" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            Carregar mais
          </Button>
        )}
      </QueryState>
    </section>
  );
}
