import { formatMoney, type ReportSummary } from '@petshop/domain';
import { formatCount, formatPercent } from '../report-format';

interface Figure {
  label: string;
  value: string;
  note: string;
}

const figuresOf = ({ revenue, servicesRevenue, totalRevenue, ordersByStatus, noShow }: ReportSummary): Figure[] => {
  const placed = ordersByStatus.reduce((sum, row) => sum + row.count, 0);
  return [
    { label: 'Receita total', value: formatMoney(totalRevenue), note: 'produtos + serviços no período' },
    { label: 'Produtos', value: formatMoney(revenue.total), note: 'pedidos pagos no período' },
    {
      label: 'Serviços',
      value: formatMoney(servicesRevenue.total),
      note: `${formatCount(servicesRevenue.done)} ${servicesRevenue.done === 1 ? 'atendimento concluído' : 'atendimentos concluídos'}`,
    },
    {
      label: 'Pedidos pagos',
      value: formatCount(revenue.paidOrders),
      note: `${formatCount(placed)} ${placed === 1 ? 'pedido feito' : 'pedidos feitos'} no período`,
    },
    {
      label: 'Ticket médio',
      value: revenue.averageTicket === null ? '—' : formatMoney(revenue.averageTicket),
      note: 'produtos ÷ pedidos pagos',
    },
    {
      label: 'Não comparecimento',
      value: noShow.rate === null ? '—' : formatPercent(noShow.rate),
      note:
        noShow.finished === 0
          ? 'nenhum atendimento terminado'
          : `${formatCount(noShow.noShows)} de ${formatCount(noShow.finished)} atendimentos terminados`,
    },
  ];
};

/** The period's headline numbers: what products and services brought in, and their sum, first. */
export function SummaryFigures({ summary }: { summary: ReportSummary }) {
  return (
    <dl className="dashboard-figures">
      {figuresOf(summary).map((figure) => (
        <div key={figure.label} className="dashboard-figures__item">
          <dt>{figure.label}</dt>
          <dd className="dashboard-figures__value">{figure.value}</dd>
          <dd className="dashboard-figures__note">{figure.note}</dd>
        </div>
      ))}
    </dl>
  );
}
