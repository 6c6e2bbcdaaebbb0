import { formatDate, formatMoney, type ReportSummary } from '@petshop/domain';
import { useMemo } from 'react';
import { formatCount, formatDayMonth } from '../report-format';
import type { DashboardChartConfig } from './chart-canvas';
import { ChartCard } from './chart-card';
import { CHART_PRIMARY } from './chart-colors';

type Days = ReportSummary['revenueByDay'];

const config = (days: Days): DashboardChartConfig => ({
  type: 'line',
  data: {
    labels: days.map((day) => formatDayMonth(day.date)),
    datasets: [
      {
        label: 'Receita',
        data: days.map((day) => day.revenue),
        borderColor: CHART_PRIMARY,
        backgroundColor: CHART_PRIMARY,
        pointRadius: days.length > 31 ? 0 : 3,
        tension: 0.2,
      },
    ],
  },
  options: {
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (item) => {
            const day = days[item.dataIndex];
            return `${formatMoney(item.parsed.y ?? 0)} · ${formatCount(day?.orders ?? 0)} pedido(s)`;
          },
        },
      },
    },
    scales: {
      x: { ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 12 } },
      y: { beginAtZero: true, ticks: { callback: (value) => formatMoney(Number(value)) } },
    },
  },
});

/** Revenue of paid orders per day of the period, zeros included. */
export function RevenueChart({ days, paidOrders }: { days: Days; paidOrders: number }) {
  const chart = useMemo(() => config(days), [days]);
  return (
    <ChartCard
      title="Receita por dia"
      titleId="dashboard-revenue"
      empty={paidOrders === 0 ? 'Nenhum pedido pago no período.' : null}
      config={chart}
      label="Gráfico de linha da receita dos pedidos pagos por dia; os valores estão na tabela a seguir."
      height={260}
      table={
        <table>
          <caption>Receita por dia</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">Receita</th>
              <th scope="col">Pedidos pagos</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDate(day.date)}</th>
                <td>{formatMoney(day.revenue)}</td>
                <td>{formatCount(day.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
