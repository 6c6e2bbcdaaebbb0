import {
  type CardPayment,
  type PlanView,
  SUBSCRIPTION_PAYMENT_METHODS,
  type SubscriptionPaymentMethod,
  type SubscriptionView,
  WEEKDAY_NAMES,
  type Weekday,
} from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, Suspense, useCallback, useRef, useState } from 'react';
import { offeredAmong, paymentsConfigQueryOptions } from '../../../api/payments';
import { petsQueryOptions } from '../../../api/pets';
import { subscribeMutation } from '../../../api/plans';
import type { CardFieldsComponent, CardHandle } from '../../../components/charge/card-handle';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { PixAuthorization } from './pix-authorization';

const TIMES = Array.from(
  { length: 20 },
  (_, i) => `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
const WEEKDAYS = [1, 2, 3, 4, 5, 6] as const;

/** The payment feature's card form, handed in where the features are composed (it loads on demand). */
export type PlanCardFields = CardFieldsComponent;

export interface PlanCardForm {
  CardFields: PlanCardFields;
  /** Fetches the card form's code ahead, when the payment method is reached. */
  preloadCardFields?: (() => void) | undefined;
}

const HINTS: Record<SubscriptionPaymentMethod, string> = {
  'Pix Automático': 'Pix Automático: você autoriza uma vez no app do banco e cada ciclo é cobrado sozinho.',
  'Cartão de Crédito': 'O cartão fica salvo na operadora e é cobrado a cada ciclo, dois dias antes da data.',
};

function SubscribeForm({
  plan,
  CardFields,
  preloadCardFields,
  onDone,
}: PlanCardForm & {
  plan: PlanView;
  onDone: (sub: SubscriptionView) => void;
}) {
  const pets = useQuery(petsQueryOptions());
  const subscribe = useMutation(subscribeMutation());
  const eligible = (pets.data ?? []).filter((pet) => pet.size === plan.size);
  const [petId, setPetId] = useState('');
  const [weekday, setWeekday] = useState('3');
  const [time, setTime] = useState('10:00');
  const choices = offeredAmong(
    SUBSCRIPTION_PAYMENT_METHODS,
    useQuery(paymentsConfigQueryOptions()).data?.methods,
    (choice) => (choice === 'Pix Automático' ? 'Pix' : choice),
  );
  const [picked, setMethod] = useState<SubscriptionPaymentMethod>('Pix Automático');
  // Pix Automático needs the shop's Pix, a saved card its card PSP: a choice it does not offer falls to the other.
  const method = choices.includes(picked) ? picked : (choices[0] ?? picked);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const card = useRef<CardHandle | undefined>(undefined);
  const onCardReady = useCallback((handle: CardHandle | undefined) => {
    card.current = handle;
  }, []);
  const byCard = method === 'Cartão de Crédito';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      let tokenized: CardPayment | undefined;
      if (byCard) {
        if (!card.current) throw new Error('O formulário do cartão ainda está carregando.');
        tokenized = await card.current.tokenize();
      }
      const res = await subscribe.mutateAsync({
        planId: plan.id,
        body: {
          petId: Number(petId),
          weekday: Number(weekday),
          time,
          paymentMethod: method,
          ...(tokenized && { card: tokenized }),
        },
      });
      toast.success(res.message ?? 'Assinatura criada!');
      onDone(res.data);
    } catch (failure) {
      setError(
        messageOf(failure, failure instanceof Error ? failure.message : 'Não foi possível assinar. Tente novamente.'),
      );
    } finally {
      setBusy(false);
    }
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
      <Select
        label="Forma de pagamento"
        value={method}
        onValueChange={(value) => setMethod(value as SubscriptionPaymentMethod)}
        onPointerEnter={preloadCardFields}
        onFocus={preloadCardFields}
      >
        {choices.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
      <p className="plans-offer__hint">{HINTS[method]}</p>
      {byCard && (
        <Suspense fallback={<LoadingState />}>
          <CardFields amount={plan.price} debit={false} recurring onReady={onCardReady} />
        </Suspense>
      )}
      <FormAlert message={error} />
      <Button type="submit" loading={busy} disabled={!petId}>
        Assinar
      </Button>
    </form>
  );
}

/** Subscribing to one plan, then its Pix Automático authorisation: loaded only when the customer asks to subscribe. */
export function SubscribePanel({ plan, ...cardForm }: PlanCardForm & { plan: PlanView }) {
  const [created, setCreated] = useState<SubscriptionView | null>(null);
  if (!created) return <SubscribeForm plan={plan} {...cardForm} onDone={setCreated} />;
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
