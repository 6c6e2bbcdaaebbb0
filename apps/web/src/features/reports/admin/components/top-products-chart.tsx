import { formatMoney, type ReportProduct, type ReportSummary } from '@petshop/domain';
import { useMemo, useState } from 'react';
import { chartLabel, formatCount } from '../report-format';
import type { DashboardChartConfig } from './chart-canvas';
import { ChartCard } from './chart-card';
import { CHART_PRIMARY } from './chart-colors';

type Ranking = 'units' | 'revenue';

const RANKINGS: { value: Ranking; label: string }[] = [
  { value: 'units', label: 'Unidades' },
  { value: 'revenue', label: 'Receita' },
];

const config = (products: ReportProduct[], ranking: Ranking): DashboardChartConfig => ({
  type: 'bar',
  data: {
    labels: products.map((product) => chartLabel(product.name)),
    datasets: [
      {
        label: ranking === 'units' ? 'Unidades' : 'Receita',
        data: products.map((product) => (ranking === 'units' ? product.units : product.revenue)),
        backgroundColor: CHART_PRIMARY,
      },
    ],
  },
  options: {
    indexAxis: 'y',
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: (items) => products[items[0]?.dataIndex ?? 0]?.name ?? '',
          label: (item) =>
            ranking === 'units' ? `${formatCount(item.parsed.x ?? 0)} unidade(s)` : formatMoney(item.parsed.x ?? 0),
        },
      },
    },
    scales: {
      x: {
        beginAtZero: true,
        ticks:
          ranking === 'units'
            ? { precision: 0 }
            : { callback: (value) => formatMoney(Number(value)), maxTicksLimit: 4 },
      },
    },
  },
});

/** The ten best-selling products of the period, by units or by revenue. */
export function TopProductsChart({
  summary,
}: {
  summary: Pick<ReportSummary, 'topProductsByUnits' | 'topProductsByRevenue'>;
}) {
  const [ranking, setRanking] = useState<Ranking>('units');
  const products = ranking === 'units' ? summary.topProductsByUnits : summary.topProductsByRevenue;
  const chart = useMemo(() => config(products, ranking), [products, ranking]);
  const label = ranking === 'units' ? 'unidades vendidas' : 'receita';
  return (
    <ChartCard
      title="Produtos mais vendidos"
      titleId="dashboard-products"
      actions={
        // biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form field set
        <div className="dashboard-toggle" role="group" aria-label="Ordenar produtos por">
          {RANKINGS.map((option) => (
            <button
              key={option.value}
              type="button"
              className="dashboard-toggle__button"
              aria-pressed={ranking === option.value}
              onClick={() => setRanking(option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
      }
      empty={products.length === 0 ? 'Nenhum produto vendido no período.' : null}
      config={chart}
      label={`Gráfico de barras dos produtos mais vendidos por ${label}; os valores estão na tabela a seguir.`}
      height={Math.max(160, products.length * 40 + 48)}
      table={
        <table>
          <caption>Produtos mais vendidos por {label}</caption>
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col">Unidades</th>
              <th scope="col">Receita</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={`${product.productId}-${product.name}`}>
                <th scope="row">{product.name}</th>
                <td>{formatCount(product.units)}</td>
                <td>{formatMoney(product.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
