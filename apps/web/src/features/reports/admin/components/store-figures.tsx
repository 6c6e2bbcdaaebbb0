import { formatMoney, type ReportSummary } from '@petshop/domain';
import { Card } from '../../../../components/ui/card';
import '../../../../components/ui/stacked-table.css';
import { formatCount } from '../report-format';

/** Each store's revenue, paid orders and appointments, and the total: their sum. */
export function StoreFigures({ summary }: { summary: ReportSummary }) {
  return (
    <Card title="Por loja" titleId="dashboard-by-store">
      <table className="stacked-table" aria-labelledby="dashboard-by-store">
        <thead>
          <tr>
            <th scope="col">Loja</th>
            <th scope="col">Receita</th>
            <th scope="col">Pedidos pagos</th>
            <th scope="col">Agendamentos</th>
          </tr>
        </thead>
        <tbody>
          {summary.byStore.map((store) => (
            <tr key={store.storeId}>
              <td>{store.name}</td>
              <td data-label="Receita">{formatMoney(store.revenue)}</td>
              <td data-label="Pedidos pagos">{formatCount(store.paidOrders)}</td>
              <td data-label="Agendamentos">{formatCount(store.appointments)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td data-label="Receita">{formatMoney(summary.revenue.total)}</td>
            <td data-label="Pedidos pagos">{formatCount(summary.revenue.paidOrders)}</td>
            <td data-label="Agendamentos">
              {formatCount(summary.byStore.reduce((sum, store) => sum + store.appointments, 0))}
            </td>
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}
