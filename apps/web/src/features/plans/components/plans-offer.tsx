import {
  formatMoney,
  PLAN_FREQUENCY_LABELS,
  type PlanView,
  type SubscriptionView,
  WEEKDAY_NAMES,
  type Weekday,
} from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { petsQueryOptions } from '../../../api/pets';
import { plansQueryOptions, subscribeMutation } from '../../../api/plans';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { Select } from '../../../components/ui/select';
import { messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { PixAuthorization } from './pix-authorization';
import './plans.css';

const TIMES = Array.from(
  { length: 20 },
  (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
const WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;

function SubscribeForm({ plan, onDone }: { plan: PlanView; onDone: (sub: SubscriptionView) => void }) {
  const pets = useQuery(petsQueryOptions());
  const subscribe = useMutation(subscribeMutation());
  const eligible = (pets.data ?? []).filter((pet) => pet.size === plan.size);
  const [petId, setPetId] = useState('');
  const [weekday, setWeekday] = useState('3');
  const [time, setTime] = useState('10:00');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscribe.mutate(
      {
        planId: plan.id,
        body: { petId: Number(petId), weekday: Number(weekday), time, paymentMethod: 'Pix Automático' },
      },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? 'Assinatura criada!');
          onDone(res.data);
        },
      },
    );
  };
  if (pets.isPending) return <p>Carregando seus pets…</p>;
  if (pets.isError) {
    return (
      <EmptyState
        message="Erro ao carregar seus pets."
        action={<Button onClick={() => void pets.refetch()}>Tentar novamente</Button>}
      />
    );
  }
  if (eligible.length === 0) {
    return <p>Este plano é para pets de porte {plan.size}. Cadastre um pet deste porte em Meus pets.</p>;
  }
  return (
    <form className="plans-offer__form" onSubmit={submit} aria-label={`Assinar ${plan.name}`}>
      <Select label="Pet" required value={petId} onValueChange={setPetId} placeholder="Selecione">
        {eligible.map((pet) => (
          <option key={pet.id} value={pet.id}>
            {pet.name}
          </option>
        ))}
      </Select>
      <Select label="Dia da semana" value={weekday} onValueChange={setWeekday}>
        {WEEKDAYS.map((day) => (
          <option key={day} value={day}>
            {WEEKDAY_NAMES[day as Weekday]}
          </option>
        ))}
      </Select>
      <Select label="Horário" value={time} onValueChange={setTime}>
        {TIMES.map((slot) => (
          <option key={slot} value={slot}>
            {slot}
          </option>
        ))}
      </Select>
      <p className="plans-offer__hint">Pagamento por Pix Automático: você autoriza uma vez no app do banco.</p>
      {subscribe.isError && (
        <FormAlert message={messageOf(subscribe.error, 'Não foi possível assinar. Tente novamente.')} />
      )}
      <Button type="submit" loading={subscribe.isPending} disabled={!petId}>
        Assinar
      </Button>
    </form>
  );
}

/** 'Planos de assinatura' on the services page: the active plans, subscribing and the Pix Automático QR. */
export function PlansOffer() {
  const plans = useQuery(plansQueryOptions());
  const { token } = useSession();
  const [open, setOpen] = useState<number | null>(null);
  const [created, setCreated] = useState<SubscriptionView | null>(null);
  if (plans.isPending) return <p className="plans-offer__status">Carregando planos…</p>;
  if (plans.isError) {
    return (
      <EmptyState
        message="Erro ao carregar os planos."
        action={<Button onClick={() => void plans.refetch()}>Tentar novamente</Button>}
      />
    );
  }
  if (plans.data.length === 0) return null;
  return (
    <section className="plans-offer" aria-labelledby="plans-offer-title">
      <h2 id="plans-offer-title" className="plans-offer__title">
        Planos de assinatura
      </h2>
      <ul className="plans-offer__list">
        {plans.data.map((plan) => (
          <li key={plan.id} className="plans-offer__item">
            <h3 className="plans-offer__name">{plan.name}</h3>
            <p>
              {plan.serviceName} · porte {plan.size} · {PLAN_FREQUENCY_LABELS[plan.frequency]}
            </p>
            <p className="plans-offer__price">{formatMoney(plan.price)} por ciclo</p>
            {created && created.planId === plan.id ? (
              <>
                <p role="status">
                  Assinatura criada: {created.nextDates.length} horários agendados
                  {created.toRebook.length > 0 && ` (${created.toRebook.length} a remarcar pela equipe)`}.
                </p>
                <PixAuthorization subscription={created} />
                <ButtonLink to={`/myPets/${created.petId}`} variant="secondary">
                  Ver minha assinatura
                </ButtonLink>
              </>
            ) : !token ? (
              <ButtonLink to="/login" variant="secondary">
                Entre para assinar
              </ButtonLink>
            ) : open === plan.id ? (
              <SubscribeForm plan={plan} onDone={setCreated} />
            ) : (
              <Button variant="secondary" onClick={() => setOpen(plan.id)}>
                Assinar este plano
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
