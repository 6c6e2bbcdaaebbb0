import { PAYMENT_SUCCESS_MESSAGE, type PaymentResult } from '@petshop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { cartQueryOptions, clearCartMutation } from '../../../api/cart';
import { buyAgainMutation, orderQueryOptions } from '../../../api/orders';
import { paymentSummaryQueryOptions } from '../../../api/payments';
import type { Charge } from '../../../components/charge/charge-dialog';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CartIcon } from '../../../components/ui/icons';
import { lazyDialog } from '../../../components/ui/modal';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { ConfirmDataCard } from '../components/confirm-data-card';
import { PaymentSummaryTable } from '../components/payment-summary-table';
import './payments-page.css';

// Opened by 'Fazer Pagamento': the payment form (and a card form within it) loads then, not with the page.
const PaymentDialog = lazyDialog(() => import('../components/payment-dialog').then((module) => module.PaymentDialog));
// Shown once a Pix or boleto is issued: its code loads then.
const ChargeDialog = lazyDialog(() =>
  import('../../../components/charge/charge-dialog').then((module) => module.ChargeDialog),
);

/** SPEC section 9: the next page 2 seconds after a successful payment (the order's own page now). */
const REDIRECT_MS = 2000;

export function Component() {
  const { user } = useSession();
  const navigate = useNavigate();
  const cart = useQuery(cartQueryOptions());
  const cartId = cart.data?.cart.id;
  const summary = useQuery(paymentSummaryQueryOptions(cartId));
  const clear = useMutation(clearCartMutation());
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState<{
    charge: Charge;
    orderId: number;
    amount: number;
    message: string | undefined;
  } | null>(null);
  const [leaving, setLeaving] = useState<number | null>(null);
  const client = useQueryClient();
  const again = useMutation(buyAgainMutation());

  useEffect(() => {
    if (leaving === null) return;
    const timer = window.setTimeout(() => navigate(`/orders/${leaving}`), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [leaving, navigate]);

  // A card approved (or under review) goes to its order's page; a Pix or boleto waits for the bank in the charge dialog.
  const onPaid = (result: PaymentResult, message: string | undefined) => {
    setPaying(false);
    const { payment, order } = result;
    if (payment.challengeUrl) {
      // The card's bank asks the customer to confirm (3-D Secure): the order's page opens its challenge.
      navigate(`/orders/${order.id}`);
    } else if (payment.pixCode || payment.boletoCode) {
      setPaid({
        charge: { ...payment, paymentId: payment.id },
        orderId: order.id,
        amount: payment.totalValue,
        message,
      });
    } else {
      toast.success(message ?? PAYMENT_SUCCESS_MESSAGE);
      setLeaving(order.id);
    }
  };
  const paidOrderId = paid?.orderId;
  const toOrder = useCallback(
    () => navigate(paidOrderId ? `/orders/${paidOrderId}` : '/user'),
    [navigate, paidOrderId],
  );
  // The Pix expired before it was paid: its products go back into the cart, to pay again.
  const retry = () => {
    if (paidOrderId === undefined) return;
    void client
      .fetchQuery(orderQueryOptions(paidOrderId))
      .then((order) => again.mutateAsync(order.items))
      .then(() => setPaid(null))
      .catch((error: unknown) => toast.error(messageOf(error, 'Não foi possível refazer o carrinho.')));
  };

  const clearAll = () =>
    clear.mutate(undefined, {
      onSuccess: () => toast.success('Carrinho limpo com sucesso!'),
      onError: (error) => toast.error(`Erro ao limpar o carrinho: ${messageOf(error, 'Erro desconhecido.')}`),
    });

  const loadError = cart.error ?? summary.error;
  const items = summary.data?.items ?? [];
  const canPay = items.length > 0 && leaving === null && paid === null;

  return (
    <div className="payments-page">
      <h1 className="payments-page__title">Pagamento</h1>
      {loadError ? (
        <EmptyState
          message="Não foi possível carregar o resumo do seu pedido. Verifique sua conexão e tente novamente."
          action={
            <Button onClick={() => void (cart.error ? cart.refetch() : summary.refetch())}>Tentar novamente</Button>
          }
        />
      ) : !summary.data ? (
        <LoadingState />
      ) : items.length === 0 ? (
        <EmptyState icon={<CartIcon size={32} />} message="Seu carrinho está vazio." />
      ) : (
        <PaymentSummaryTable summary={summary.data} />
      )}
      {user && <ConfirmDataCard user={user} />}
      <div className="payments-page__actions">
        <Button
          variant="secondary"
          onClick={clearAll}
          loading={clear.isPending}
          disabled={items.length === 0 || leaving !== null || paid !== null}
        >
          Limpar Carrinho
        </Button>
        <Button onClick={() => setPaying(true)} disabled={!canPay}>
          Fazer Pagamento
        </Button>
      </div>
      {paying && cartId !== undefined && (
        <PaymentDialog
          open
          onOpenChange={setPaying}
          cartId={cartId}
          subtotal={summary.data?.totalValue ?? 0}
          onPaid={onPaid}
        />
      )}
      {paid && (
        <ChargeDialog
          charge={paid.charge}
          orderId={paid.orderId}
          amount={paid.amount}
          message={paid.message}
          onPaid={toOrder}
          onClose={toOrder}
          onRetry={retry}
          retrying={again.isPending}
        />
      )}
    </div>
  );
}
