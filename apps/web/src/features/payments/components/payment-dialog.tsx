import { DELIVERY_METHOD, type DeliveryMethod, PAYMENT_METHODS, type PaymentResult } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { addressesQueryOptions } from '../../../api/addresses';
import { offeredAmong, payMutation, paymentsConfigQueryOptions } from '../../../api/payments';
import { shippingQuoteQueryOptions } from '../../../api/shipping';
import type { CardHandle } from '../../../components/charge/card-handle';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { FormAlert } from '../../../components/ui/form-alert';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { LoadingState } from '../../../components/ui/spinner';
import { useSchemaForm } from '../../../hooks/use-schema-form';
import { messageOf } from '../../../lib/api-client';
import { newIdempotencyKey } from '../idempotency-key';
import { AddressChoice } from './address-choice';
import { DeliveryChoice } from './delivery-choice';
import { DeliveryQuote } from './delivery-quote';
import './payment-dialog.css';

// The card form, its masks and the PSP's tokenization load only when a card is chosen.
const loadCardFields = () => import('./card-fields');
const CardFields = lazy(loadCardFields);
/** Reaching the method's list (pointer or focus) fetches the card form, so choosing a card shows it at once. */
const preloadCardFields = () => void loadCardFields().catch(() => {});
// The stores to pick up from (their addresses and hours) load when 'Retirada na loja' is chosen.
const PickupStore = lazy(() => import('./pickup-store').then((module) => ({ default: module.PickupStore })));
const CARD_METHODS: readonly string[] = ['Cartão de Crédito', 'Cartão de Débito'];
/** Stands for the token in the form's own check; the real one is made at the PSP on submit. */
const TOKEN_TO_COME = 'token-a-gerar';

interface PaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cartId: number;
  /** the products' total, for the shipping quote */
  subtotal: number;
  onPaid: (result: PaymentResult, message: string | undefined) => void;
}

const FORM_ID = 'payment-form';

export function PaymentDialog({ open, onOpenChange, cartId, subtotal, onPaid }: PaymentDialogProps) {
  const addresses = useQuery(addressesQueryOptions(open));
  const methods = offeredAmong(PAYMENT_METHODS, useQuery(paymentsConfigQueryOptions()).data?.methods, (m) => m);
  const payment = useMutation(payMutation());
  // Kept for the whole attempt: a second click or a retried request replays the same payment.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const card = useRef<CardHandle | undefined>(undefined);
  const onCardReady = useCallback((handle: CardHandle | undefined) => {
    card.current = handle;
  }, []);
  const form = useSchemaForm({
    schema: (schemas) => schemas.payBody,
    initialValues: { addressId: '', method: '', delivery: DELIVERY_METHOD.delivery as DeliveryMethod, storeId: '' },
    toInput: ({ addressId, method, delivery, storeId }) => ({
      cartId,
      ...(delivery === DELIVERY_METHOD.delivery ? { addressId: Number(addressId) || undefined } : {}),
      // With several pickup stores, the one chosen (the server checks it has every item).
      ...(delivery === DELIVERY_METHOD.pickup && storeId !== '' ? { storeId: Number(storeId) } : {}),
      paymentMethod: method,
      deliveryMethod: delivery,
      ...(CARD_METHODS.includes(method)
        ? { card: { token: TOKEN_TO_COME, installments: 1, paymentMethodId: 'card' } }
        : {}),
    }),
    // SPEC's one message for a missing address or method.
    issues: 'form',
    // A card is tokenized in this browser at the PSP; only the token goes to the shop.
    submit: async (body) => {
      if (!body.card) return payment.mutateAsync({ body, idempotencyKey });
      if (!card.current) throw new Error('O formulário do cartão ainda está carregando.');
      return payment.mutateAsync({ body: { ...body, card: await card.current.tokenize() }, idempotencyKey });
    },
    onSuccess: (response) => onPaid(response.data, response.message),
    errorMessage: (failure) => `Erro ao processar pagamento: ${messageOf(failure, 'Erro desconhecido.')}`,
    report: { alert: false },
    // The attempt failed and changed nothing: the next one is a new payment.
    onFailure: () => setIdempotencyKey(newIdempotencyKey()),
  });
  const { addressId, method, delivery } = form.values;
  const pickup = delivery === DELIVERY_METHOD.pickup;

  const list = addresses.data ?? [];
  // A customer with one saved address is sending there: it comes chosen (and priced).
  const only = list.length === 1 ? list[0] : undefined;
  useEffect(() => {
    if (only && addressId === '') form.set({ addressId: String(only.id) });
  }, [only, addressId, form.set]);
  const chosen = pickup ? undefined : list.find((address) => String(address.id) === addressId);
  const quote = useQuery(shippingQuoteQueryOptions(chosen?.cep, subtotal));
  const noDelivery = !pickup && quote.isError;
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Pagamento"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={form.submitting}>
            Cancelar
          </Button>
          <Button type="submit" form={FORM_ID} loading={form.submitting} disabled={noDelivery}>
            Confirmar Pagamento
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="payment-dialog" onSubmit={form.onSubmit} noValidate>
        <DeliveryChoice value={delivery} onChange={(value) => form.set({ delivery: value })} />
        {pickup ? (
          <Suspense fallback={<LoadingState />}>
            <PickupStore value={form.values.storeId} onChange={(storeId) => form.set({ storeId })} />
          </Suspense>
        ) : addresses.isPending ? (
          <LoadingState />
        ) : addresses.isError ? (
          <p className="payment-dialog__note" role="alert">
            {messageOf(addresses.error, 'Erro ao buscar endereços.')}
          </p>
        ) : list.length === 0 ? (
          <div className="payment-dialog__note">
            <p>Você ainda não tem endereços cadastrados.</p>
            <ButtonLink variant="secondary" to="/user">
              Cadastrar endereço
            </ButtonLink>
          </div>
        ) : (
          <AddressChoice addresses={list} value={addressId} onChange={(value) => form.set({ addressId: value })} />
        )}
        <Select
          label="Método de pagamento"
          placeholder="Selecione"
          value={method}
          onChange={(event) => form.set({ method: event.target.value })}
          onPointerEnter={preloadCardFields}
          onFocus={preloadCardFields}
        >
          {methods.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
        {CARD_METHODS.includes(method) && (
          <Suspense fallback={<LoadingState />}>
            <CardFields
              amount={subtotal + (pickup ? 0 : (quote.data?.price ?? 0))}
              debit={method === 'Cartão de Débito'}
              onReady={onCardReady}
            />
          </Suspense>
        )}
        <DeliveryQuote
          subtotal={subtotal}
          quote={pickup ? undefined : quote.data}
          pickup={pickup}
          loading={!pickup && quote.isFetching}
          error={noDelivery ? quote.error : null}
          onChoosePickup={() => form.set({ delivery: DELIVERY_METHOD.pickup })}
        />
        <FormAlert message={form.formError} />
      </form>
    </Modal>
  );
}
