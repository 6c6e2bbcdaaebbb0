import { formatMoney } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { recurringRevenueQueryOptions } from '../../../../api/plans';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadingState } from '../../../../components/ui/spinner';
import './recurring-revenue-card.css';

/** The dashboard's recurring revenue: what active subscriptions bring each month. */
export function RecurringRevenueCard() {
  const revenue = useQuery(recurringRevenueQueryOptions());
  return (
    <Card title="Receita recorrente (assinaturas)" titleId="recurring-revenue">
      {revenue.isPending ? (
        <LoadingState />
      ) : revenue.isError ? (
        <EmptyState
          message="Erro ao carregar a receita recorrente."
          action={<Button onClick={() => void revenue.refetch()}>Tentar novamente</Button>}
        />
      ) : (
        <dl className="recurring-revenue">
          <dt>Receita recorrente mensal</dt>
          <dd>{formatMoney(revenue.data.monthlyRecurringRevenue)}</dd>
          <dt>Assinaturas ativas</dt>
          <dd>{revenue.data.activeSubscriptions}</dd>
          <dt>Suspensas</dt>
          <dd>{revenue.data.suspended}</dd>
          <dt>Recebido nos últimos 30 dias</dt>
          <dd>{formatMoney(revenue.data.paidLast30Days)}</dd>
        </dl>
      )}
    </Card>
  );
}
