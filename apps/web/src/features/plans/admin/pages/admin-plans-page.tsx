import {
  formatMoney,
  PLAN_FREQUENCY_LABELS,
  type PlanView,
  SUBSCRIPTION_STATUS,
  type SubscriptionView,
  WEEKDAY_NAMES,
  type Weekday,
} from '@petshop/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { allPlansQueryOptions, allSubscriptionsQueryOptions } from '../../../../api/plans';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DataTable } from '../../../../components/ui/data-table';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Select } from '../../../../components/ui/select';
import { LoadingState } from '../../../../components/ui/spinner';
import { messageOf } from '../../../../lib/api-client';
import { PlanForm } from '../components/plan-form';
import { RecurringRevenueCard } from '../components/recurring-revenue-card';
import './admin-plans-page.css';

function PlansCard() {
  const plans = useQuery(allPlansQueryOptions());
  const [editing, setEditing] = useState<PlanView | 'new' | null>(null);
  return (
    <Card
      title="Planos"
      titleId="admin-plans-title"
      actions={
        editing === null && (
          <Button variant="secondary" onClick={() => setEditing('new')}>
            Novo plano
          </Button>
        )
      }
    >
      {editing !== null && (
        <PlanForm
          key={editing === 'new' ? 'new' : editing.id}
          plan={editing === 'new' ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {plans.isPending ? (
        <LoadingState />
      ) : plans.isError ? (
        <EmptyState
          message={messageOf(plans.error, 'Erro ao carregar os planos.')}
          action={<Button onClick={() => void plans.refetch()}>Tentar novamente</Button>}
        />
      ) : plans.data.length === 0 ? (
        <EmptyState message="Nenhum plano cadastrado." />
      ) : (
        <DataTable
          plain
          rows={plans.data}
          rowKey={(plan) => plan.id}
          columns={[
            { label: 'Plano', cell: (plan) => plan.name },
            { label: 'Serviço', cell: (plan) => plan.serviceName },
            { label: 'Porte', cell: (plan) => plan.size },
            { label: 'Frequência', cell: (plan) => PLAN_FREQUENCY_LABELS[plan.frequency] },
            { label: 'Preço por ciclo', cell: (plan) => formatMoney(plan.price) },
            { label: 'Situação', cell: (plan) => (plan.active ? 'Ativo' : 'Inativo') },
          ]}
          actions={(plan) => (
            <Button variant="ghost" onClick={() => setEditing(plan)} aria-label={`Editar ${plan.name}`}>
              Editar
            </Button>
          )}
        />
      )}
    </Card>
  );
}

function SubscriptionsCard() {
  const [status, setStatus] = useState('');
  const subs = useInfiniteQuery(allSubscriptionsQueryOptions(status));
  const rows: SubscriptionView[] = subs.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Card title="Assinaturas" titleId="admin-subscriptions-title">
      <Select label="Status" value={status} onValueChange={setStatus}>
        <option value="">Todos</option>
        {Object.values(SUBSCRIPTION_STATUS).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
      {subs.isPending ? (
        <LoadingState />
      ) : subs.isError ? (
        <EmptyState
          message={messageOf(subs.error, 'Erro ao carregar as assinaturas.')}
          action={<Button onClick={() => void subs.refetch()}>Tentar novamente</Button>}
        />
      ) : rows.length === 0 ? (
        <EmptyState message="Nenhuma assinatura." />
      ) : (
        <>
          <DataTable
            plain
            rows={rows}
            rowKey={(sub) => sub.id}
            columns={[
              { label: 'Cliente', cell: (sub) => sub.customerName },
              { label: 'Pet', cell: (sub) => sub.petName },
              { label: 'Plano', cell: (sub) => sub.planName },
              {
                label: 'Dia e horário',
                cell: (sub) => `${WEEKDAY_NAMES[sub.weekday as Weekday]} ${sub.time} · ${sub.employeeName}`,
              },
              { label: 'Status', cell: (sub) => sub.status },
              { label: 'Pagamento', cell: (sub) => sub.paymentMethod },
              {
                label: 'A remarcar',
                cell: (sub) =>
                  sub.toRebook.length ? sub.toRebook.map((d) => d.split('-').reverse().join('/')).join(', ') : '—',
              },
            ]}
          />
          {subs.hasNextPage && (
            <Button variant="secondary" onClick={() => void subs.fetchNextPage()} loading={subs.isFetchingNextPage}>
              Carregar mais
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

/** /adminPlans: plans, the customers' subscriptions (with dates to rebook) and the recurring revenue. */
export function AdminPlansPage() {
  return (
    <div className="admin-plans">
      <h1 className="admin-plans__title">Planos e assinaturas</h1>
      <RecurringRevenueCard />
      <PlansCard />
      <SubscriptionsCard />
    </div>
  );
}

export { AdminPlansPage as Component };
