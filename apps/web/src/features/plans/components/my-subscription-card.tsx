import { formatDate, formatMoney, type SubscriptionView, WEEKDAY_NAMES, type Weekday } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sandboxModeQueryOptions } from '../../../api/payments';
import {
  changeWeekdayMutation,
  type SubscriptionAction,
  sandboxPayCycleMutation,
  subscriptionActionMutation,
  subscriptionsQueryOptions,
} from '../../../api/plans';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { PixAuthorization } from './pix-authorization';
import './plans.css';

const WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;

function SubscriptionDetails({ sub }: { sub: SubscriptionView }) {
  const act = useMutation(subscriptionActionMutation());
  const move = useMutation(changeWeekdayMutation());
  const sandbox = useQuery(sandboxModeQueryOptions());
  const payCycle = useMutation(sandboxPayCycleMutation());
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [weekday, setWeekday] = useState(String(sub.weekday));
  const run = (action: SubscriptionAction) =>
    act.mutate(
      { id: sub.id, action },
      {
        onSuccess: (res) => toast.success(res.message ?? 'Assinatura atualizada.'),
        onError: (error) => toast.error(messageOf(error, 'Não foi possível atualizar a assinatura.')),
      },
    );
  const changeDay = () =>
    move.mutate(
      { id: sub.id, body: { weekday: Number(weekday) } },
      {
        onSuccess: (res) => toast.success(res.message ?? 'Dia alterado.'),
        onError: (error) => toast.error(messageOf(error, 'Não foi possível trocar o dia.')),
      },
    );
  const live = sub.status !== 'Cancelada';
  return (
    <div className="my-subscription">
      <p>
        <strong>{sub.planName}</strong> · {WEEKDAY_NAMES[sub.weekday as Weekday]} às {sub.time} com {sub.employeeName} ·{' '}
        {formatMoney(sub.price)} por ciclo · <span>{sub.status}</span>
      </p>
      {sub.status === 'Aguardando autorização' && <PixAuthorization subscription={sub} />}
      {sub.nextDates.length > 0 ? (
        <>
          <h3>Próximas datas</h3>
          <ul className="my-subscription__dates">
            {sub.nextDates.map((d) => (
              <li key={d.appointmentId}>
                {formatDate(d.date)} às {d.time}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Nenhuma data agendada.</p>
      )}
      {sub.toRebook.length > 0 && (
        <p>
          A equipe vai remarcar: {sub.toRebook.map((d) => formatDate(d)).join(', ')} (sem horário livre nesses dias).
        </p>
      )}
      {sub.nextCharge && (
        <p>
          Próxima cobrança: {formatMoney(sub.nextCharge.amount)} em {formatDate(sub.nextCharge.dueOn)} (
          {sub.nextCharge.status})
        </p>
      )}
      {live && (
        <div className="my-subscription__actions">
          {sub.status === 'Ativa' && (
            <Button variant="secondary" onClick={() => run('pause')} loading={act.isPending}>
              Pausar
            </Button>
          )}
          {(sub.status === 'Pausada' || sub.status === 'Suspensa') && (
            <Button onClick={() => run('resume')} loading={act.isPending}>
              Retomar
            </Button>
          )}
          <Select label="Trocar o dia" value={weekday} onValueChange={setWeekday}>
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {WEEKDAY_NAMES[day as Weekday]}
              </option>
            ))}
          </Select>
          <Button
            variant="secondary"
            onClick={changeDay}
            loading={move.isPending}
            disabled={Number(weekday) === sub.weekday}
          >
            Trocar dia
          </Button>
          {sandbox.data === true && sub.nextCharge?.status === 'Cobrança enviada' && (
            <Button variant="ghost" onClick={() => payCycle.mutate(sub.id)} loading={payCycle.isPending}>
              Simular pagamento do ciclo (ambiente de testes)
            </Button>
          )}
          <Button variant="danger" onClick={() => setConfirmCancel(true)}>
            Cancelar assinatura
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmCancel}
        title="Cancelar assinatura"
        message="Todos os próximos horários serão liberados e as cobranças param. Deseja cancelar?"
        confirmLabel="Cancelar assinatura"
        onConfirm={() => {
          setConfirmCancel(false);
          run('cancel');
        }}
        onOpenChange={setConfirmCancel}
        cancelLabel="Manter"
      />
    </div>
  );
}

/** 'Minha assinatura' on the pet's page: next dates, pause, resume, cancel, change of weekday. */
export function MySubscriptionCard({ petId }: { petId: number }) {
  const subs = useQuery(subscriptionsQueryOptions());
  const mine = (subs.data ?? []).filter((s) => s.petId === petId && s.status !== 'Cancelada');
  return (
    <Card title="Minha assinatura" titleId={`subscription-${petId}`}>
      {subs.isPending ? (
        <LoadingState />
      ) : subs.isError ? (
        <EmptyState
          message="Erro ao carregar a assinatura."
          action={<Button onClick={() => void subs.refetch()}>Tentar novamente</Button>}
        />
      ) : mine.length === 0 ? (
        <EmptyState message="Este pet não tem assinatura. Veja os planos na página de serviços." />
      ) : (
        mine.map((sub) => <SubscriptionDetails key={sub.id} sub={sub} />)
      )}
    </Card>
  );
}
