import {
  type CardPayment,
  formatMoney,
  PAYMENT_METHODS,
  PAYMENT_SUCCESS_MESSAGE,
  type PackageView,
  type PaymentMethod,
  type PaymentResult,
} from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, Suspense, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { buyPackageMutation, packagesQueryOptions } from '../../../api/packages';
import { offeredAmong, paymentsConfigQueryOptions } from '../../../api/payments';
import { petsQueryOptions } from '../../../api/pets';
import type { CardFieldsComponent, CardHandle } from '../../../components/charge/card-handle';
import type { Charge } from '../../../components/charge/charge-dialog';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { lazyDialog } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import './packages.css';

// The Pix QR code and boleto line load when a purchase waits for the bank.
const ChargeDialog = lazyDialog(() =>
  import('../../../components/charge/charge-dialog').then((module) => module.ChargeDialog),
);

const CARD_METHODS: readonly PaymentMethod[] = ['Cartão de Crédito', 'Cartão de Débito'];

const perCredit = (pkg: PackageView) => formatMoney(Math.round((pkg.price * 100) / pkg.credits) / 100);

interface Waiting {
  charge: Charge;
  orderId: number;
  amount: number;
  message: string | undefined;
  petId: number;
}

interface CardForm {
  CardFields: CardFieldsComponent;
  /** Fetches the card form's code ahead, when the payment method is reached. */
  preloadCardFields?: (() => void) | undefined;
}

function BuyForm({
  pkg,
  CardFields,
  preloadCardFields,
  onWaiting,
}: CardForm & {
  pkg: PackageView;
  onWaiting: (waiting: Waiting) => void;
}) {
  const navigate = useNavigate();
  const pets = useQuery(petsQueryOptions());
  const buy = useMutation(buyPackageMutation());
  const methods = offeredAmong(PAYMENT_METHODS, useQuery(paymentsConfigQueryOptions()).data?.methods, (m) => m);
  const [petId, setPetId] = useState('');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const card = useRef<CardHandle | undefined>(undefined);
  const onCardReady = useCallback((handle: CardHandle | undefined) => {
    card.current = handle;
  }, []);
  const eligible = (pets.data ?? []).filter((pet) => pkg.size === null || pet.size === pkg.size);
  const isCard = method !== '' && CARD_METHODS.includes(method);

  const done = (result: PaymentResult, message: string | undefined, pet: number) => {
    const { payment, order } = result;
    // The card's bank asks the customer to confirm (3-D Secure): the order's page posts its challenge.
    if (payment.challengeUrl) navigate(`/orders/${order.id}`);
    else if (payment.pixCode || payment.boletoCode)
      onWaiting({
        charge: { ...payment, paymentId: payment.id },
        orderId: order.id,
        amount: payment.totalValue,
        message,
        petId: pet,
      });
    else {
      toast.success(message ?? PAYMENT_SUCCESS_MESSAGE);
      navigate(`/myPets/${pet}`);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!petId || !method) {
      setError('Selecione o pet e a forma de pagamento.');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      let tokenized: CardPayment | undefined;
      if (isCard) {
        if (!card.current) throw new Error('O formulário do cartão ainda está carregando.');
        tokenized = await card.current.tokenize();
      }
      const res = await buy.mutateAsync({
        packageId: pkg.id,
        body: { petId: Number(petId), paymentMethod: method, ...(tokenized && { card: tokenized }) },
      });
      done(res.data, res.message, Number(petId));
    } catch (failure) {
      setError(messageOf(failure, failure instanceof Error ? failure.message : 'Não foi possível comprar o pacote.'));
    } finally {
      setBusy(false);
    }
  };

  if (pets.isPending) return <LoadingState />;
  if (pets.isError)
    return (
      <EmptyState
        message="Erro ao carregar seus pets."
        action={<Button onClick={() => void pets.refetch()}>Tentar novamente</Button>}
      />
    );
  if (eligible.length === 0)
    return (
      <p className="packages-offer__hint">
        {pkg.size ? `Este pacote é para pets de porte ${pkg.size}. ` : ''}
        <ButtonLink to="/myPets" variant="secondary">
          Cadastrar um pet
        </ButtonLink>
      </p>
    );
  return (
    <form className="packages-offer__form" onSubmit={submit} noValidate aria-label={`Comprar ${pkg.name}`}>
      <Select label="Pet" value={petId} onValueChange={setPetId} placeholder="Selecione um pet">
        {eligible.map((pet) => (
          <option key={pet.id} value={pet.id}>
            {pet.name}
          </option>
        ))}
      </Select>
      <Select
        label="Forma de pagamento"
        value={method}
        onValueChange={(value) => setMethod(value as PaymentMethod)}
        placeholder="Selecione"
        onPointerEnter={preloadCardFields}
        onFocus={preloadCardFields}
      >
        {methods.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
      {isCard && (
        <Suspense fallback={<LoadingState />}>
          <CardFields amount={pkg.price} debit={method === 'Cartão de Débito'} onReady={onCardReady} />
        </Suspense>
      )}
      <FormAlert message={error} />
      <Button type="submit" loading={busy}>
        Comprar por {formatMoney(pkg.price)}
      </Button>
    </form>
  );
}

/** 'Pacotes e planos' on the services page: the packages on sale, with the price by size, and buying one. */
export function PackagesOffer({ CardFields, preloadCardFields }: CardForm) {
  const packages = useQuery(packagesQueryOptions());
  const { token } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  if (packages.isPending) return <LoadingState />;
  if (packages.isError)
    return (
      <EmptyState
        message="Erro ao carregar os pacotes."
        action={<Button onClick={() => void packages.refetch()}>Tentar novamente</Button>}
      />
    );
  return (
    <section className="packages-offer" aria-labelledby="packages-offer-title">
      <h2 id="packages-offer-title" className="packages-offer__title">
        Pacotes e planos
      </h2>
      {packages.data.length === 0 ? (
        <p className="packages-offer__hint">Nenhum pacote à venda no momento.</p>
      ) : (
        <ul className="packages-offer__list" aria-label="Pacotes">
          {packages.data.map((pkg) => (
            <li key={pkg.id} className="packages-offer__item">
              <h3 className="packages-offer__name">{pkg.name}</h3>
              <p>
                {pkg.serviceName} · {pkg.size ? `porte ${pkg.size}` : 'todos os portes'}
              </p>
              <p>
                {pkg.credits} {pkg.credits === 1 ? 'crédito' : 'créditos'} · válido por {pkg.validityDays} dias
              </p>
              <p className="packages-offer__price">
                {formatMoney(pkg.price)} <span className="packages-offer__each">({perCredit(pkg)} cada)</span>
              </p>
              {!token ? (
                <ButtonLink to="/login?next=/services" variant="secondary">
                  Entre para comprar
                </ButtonLink>
              ) : open === pkg.id ? (
                <BuyForm
                  pkg={pkg}
                  CardFields={CardFields}
                  preloadCardFields={preloadCardFields}
                  onWaiting={setWaiting}
                />
              ) : (
                <Button variant="secondary" onClick={() => setOpen(pkg.id)}>
                  Comprar pacote
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {waiting && (
        <ChargeDialog
          charge={waiting.charge}
          orderId={waiting.orderId}
          amount={waiting.amount}
          message={waiting.message}
          onPaid={() => navigate(`/myPets/${waiting.petId}`)}
          onClose={() => navigate(`/orders/${waiting.orderId}`)}
        />
      )}
    </section>
  );
}
