import { type ExpiringLot, formatDate } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { expiringLotsQueryOptions } from '../../../../api/inventory';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { QueryState } from './query-state';
import type { StockNames } from './use-stock-names';

const daysText = (days: number) =>
  days < 0 ? `Vencido há ${-days} dia(s)` : days === 0 ? 'Vence hoje' : `Vence em ${days} dia(s)`;

/** 'Vencendo em 30 dias': received lots expiring within 30 days, and those already past. */
export function ExpiringLotsPanel({ names }: { names: StockNames }) {
  const lots = useQuery(expiringLotsQueryOptions());
  const columns: Column<ExpiringLot>[] = [
    { label: 'Produto', cell: (l) => l.productName },
    { label: 'Lote', cell: (l) => l.lot ?? '—' },
    { label: 'Loja', cell: (l) => names.storeName(l.storeId) },
    { label: 'Validade', cell: (l) => formatDate(l.expiresOn) },
    {
      label: 'Prazo',
      cell: (l) => <span className={l.daysLeft < 0 ? 'stock-admin__out' : undefined}>{daysText(l.daysLeft)}</span>,
    },
    { label: 'Recebido', cell: (l) => `${l.quantity} un. (pedido #${l.purchaseOrderId})` },
  ];
  return (
    <section aria-labelledby="stock-expiring-title" className="stock-admin__section">
      <h2 id="stock-expiring-title">Vencendo em 30 dias</h2>
      <QueryState
        query={lots}
        isEmpty={(lots.data ?? []).length === 0}
        errorMessage="Erro ao buscar os lotes."
        emptyMessage="Nenhum lote vence nos próximos 30 dias."
      >
        <DataTable caption="Lotes vencendo em 30 dias" rows={lots.data ?? []} rowKey={(l) => l.id} columns={columns} />
      </QueryState>
    </section>
  );
}
