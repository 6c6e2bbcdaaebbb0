import { formatMoney, type ReportSummary } from '@petshop/domain';
import { formatCount, formatPercent } from '../report-format';

interface Figure {
  label: string;
  value: string;
  note: string;
}

const figuresOf = ({ revenue, ordersByStatus, noShow }: ReportSummary): Figure[] => {
  const placed = ordersByStatus.reduce((sum, row) => sum + row.count, 0);
  return [
    { label: 'Receita', value: formatMoney(revenue.total), note: 'pedidos pagos no período' },
    {
      label: 'Pedidos pagos',
      value: formatCount(revenue.paidOrders),
      note: `${formatCount(placed)} ${placed === 1 ? 'pedido feito' : 'pedidos feitos'} no período`,
    },
    {
      label: 'Ticket médio',
      value: revenue.averageTicket === null ? '—' : formatMoney(revenue.averageTicket),
      note: 'receita ÷ pedidos pagos',
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

/** The period's headline numbers. */
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
