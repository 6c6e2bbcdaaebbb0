import type { ReportSummary } from '@petshop/domain';
import { useMemo } from 'react';
import { chartLabel, formatCount } from '../report-format';
import type { DashboardChartConfig } from './chart-canvas';
import { ChartCard } from './chart-card';
import { ORDER_STATUS_COLOURS } from './chart-colors';

type Statuses = ReportSummary['ordersByStatus'];

const config = (statuses: Statuses): DashboardChartConfig => ({
  type: 'bar',
  data: {
    labels: statuses.map((row) => chartLabel(row.status)),
    datasets: [
      {
        label: 'Pedidos',
        data: statuses.map((row) => row.count),
        backgroundColor: statuses.map((row) => ORDER_STATUS_COLOURS[row.status]),
      },
    ],
  },
  options: {
    indexAxis: 'y',
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { title: (items) => statuses[items[0]?.dataIndex ?? 0]?.status ?? '' } },
    },
    scales: { x: { beginAtZero: true, ticks: { precision: 0 } } },
  },
});

/** Orders placed in the period, by their status now. */
export function OrdersStatusChart({ statuses }: { statuses: Statuses }) {
  const chart = useMemo(() => config(statuses), [statuses]);
  const total = statuses.reduce((sum, row) => sum + row.count, 0);
  return (
    <ChartCard
      title="Pedidos por situação"
      titleId="dashboard-orders"
      empty={total === 0 ? 'Nenhum pedido feito no período.' : null}
      config={chart}
      label="Gráfico de barras dos pedidos feitos no período por situação; os valores estão na tabela a seguir."
      height={statuses.length * 40 + 48}
      table={
        <table>
          <caption>Pedidos por situação</caption>
          <thead>
            <tr>
              <th scope="col">Situação</th>
              <th scope="col">Pedidos</th>
            </tr>
          </thead>
          <tbody>
            {statuses.map((row) => (
              <tr key={row.status}>
                <th scope="row">{row.status}</th>
                <td>{formatCount(row.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
