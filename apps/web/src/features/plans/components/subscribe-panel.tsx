import { type PlanView, type SubscriptionView, WEEKDAY_NAMES, type Weekday } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { petsQueryOptions } from '../../../api/pets';
import { subscribeMutation } from '../../../api/plans';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { Select } from '../../../components/ui/select';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { PixAuthorization } from './pix-authorization';

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

/** Subscribing to one plan, then its Pix Automático authorisation: loaded only when the customer asks to subscribe. */
export function SubscribePanel({ plan }: { plan: PlanView }) {
  const [created, setCreated] = useState<SubscriptionView | null>(null);
  if (!created) return <SubscribeForm plan={plan} onDone={setCreated} />;
  return (
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
  );
}

export default SubscribePanel;
