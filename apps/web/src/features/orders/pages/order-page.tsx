import {
  type CustomerOrderDetail,
  canDeleteOrder,
  formatCep,
  formatDateTime,
  formatMoney,
  nextOrderStatuses,
  ORDER_STATUS,
  PAYMENT_STATUS,
} from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { buyAgainMutation, cancelOrderMutation, deleteOrderMutation, orderQueryOptions } from '../../../api/orders';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ReceiptIcon } from '../../../components/ui/icons';
import { lazyDialog } from '../../../components/ui/modal';
import { LoadingState } from '../../../components/ui/spinner';
import { Timeline } from '../../../components/ui/timeline';
import { ApiError, messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { brandName } from '../card-brand';
import { OrderStatusBadge, RefundBadge } from '../components/order-status-badge';
import { PickupPlace } from '../components/pickup-place';
import { nextStep } from '../next-step';
import '../../../components/ui/stacked-table.css';
import './order-page.css';

// The Pix QR code and boleto line load when the customer opens them.
const ChargeDialog = lazyDialog(() =>
  import('../../../components/charge/charge-dialog').then((module) => module.ChargeDialog),
);

const REFUND_LABEL = { pendente: 'Em andamento', concluido: 'Reembolsado', falhou: 'Não concluído' } as const;

function paymentLine(order: CustomerOrderDetail) {
  const parts: string[] = [order.paymentMethod];
  if (order.installments)
    parts.push(
      order.installments === 1
        ? 'à vista'
        : `em ${order.installments}x de ${formatMoney(Math.round((order.totalValue * 100) / order.installments) / 100)}`,
    );
  if (order.cardBrand && order.cardLastFour) parts.push(`${brandName(order.cardBrand)} final ${order.cardLastFour}`);
  return parts.join(' — ');
}

function AddressBlock({ order }: { order: CustomerOrderDetail }) {
  const { address } = order;
  if (!address) return <PickupPlace storeId={order.storeId} />;
  return (
    <address className="order-page__address">
      {address.street ? `${address.street}, ` : 'Número '}
      {address.number}
      {address.complement ? `, ${address.complement}` : ''}
      <br />
      {address.district ? `${address.district} — ` : ''}
      {address.city}
      {address.uf ? `/${address.uf}` : ''} — CEP {formatCep(address.cep)}
    </address>
  );
}

/** /orders/{id}: where every payment lands; the customer follows the order, pays, cancels or tries again. */
export function Component() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const navigate = useNavigate();
  const order = useQuery({ ...orderQueryOptions(id), enabled: valid });
  const cancel = useMutation(cancelOrderMutation());
  const remove = useMutation(deleteOrderMutation());
  const again = useMutation(buyAgainMutation());
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState(false);
  const closeCharge = useCallback(() => {
    setPaying(false);
    void order.refetch();
  }, [order.refetch]);

  if (!valid || (order.error instanceof ApiError && order.error.status === 404))
    return (
      <div className="order-page">
        <EmptyState
          icon={<ReceiptIcon size={32} />}
          message="Pedido não encontrado."
          action={<ButtonLink to="/user">Ver meus pedidos</ButtonLink>}
        />
      </div>
    );
  if (order.isError)
    return (
      <div className="order-page">
        <EmptyState
          message="Não foi possível carregar o pedido. Verifique sua conexão e tente novamente."
          action={<Button onClick={() => void order.refetch()}>Tentar novamente</Button>}
        />
      </div>
    );
  if (!order.data) return <LoadingState />;
  const o = order.data;
  const waiting = o.status === ORDER_STATUS.awaitingPayment;
  const canPayAgain = waiting && Boolean(o.pixCode || o.boletoCode);
  const expired = o.status === ORDER_STATUS.cancelled && o.paymentStatus === PAYMENT_STATUS.expired;
  const cancellable = nextOrderStatuses(o).includes(ORDER_STATUS.cancelled);
  const paidBefore = o.status === ORDER_STATUS.processing;

  const confirmCancel = () =>
    cancel.mutate(o.id, {
      onSuccess: (response) => {
        toast.success(response.message ?? 'Pedido cancelado com sucesso!');
        void order.refetch();
      },
      onError: (error) => toast.error(messageOf(error, 'Não foi possível cancelar o pedido.')),
      onSettled: () => setConfirming(false),
    });

  const tryAgain = () =>
    again.mutate(o.items, {
      onSuccess: () => navigate('/payments'),
      onError: (error) => toast.error(messageOf(error, 'Não foi possível refazer o carrinho.')),
    });

  const deleteOrder = () =>
    remove.mutate(o.id, {
      onSuccess: (response) => {
        toast.success(response.message ?? 'Pedido excluído com sucesso!');
        navigate('/user');
      },
      onError: (error) => toast.error(messageOf(error, 'Não foi possível excluir o pedido.')),
    });

  return (
    <div className="order-page">
      <p className="order-page__back">
        <Link to="/user">← Meus pedidos</Link>
      </p>
      <header className="order-page__header">
        <h1 className="order-page__title">Pedido #{o.id}</h1>
        <div className="order-page__badges">
          <OrderStatusBadge status={o.status} />
          <RefundBadge status={o.paymentStatus} />
        </div>
        <p className="order-page__date">Feito em {formatDateTime(o.orderDate)}</p>
      </header>

      <section className="order-page__next" aria-labelledby="order-next-title">
        <h2 id="order-next-title" className="order-page__heading">
          Próximo passo
        </h2>
        <p role="status">{nextStep(o)}</p>
        <div className="order-page__actions">
          {canPayAgain && <Button onClick={() => setPaying(true)}>{o.pixCode ? 'Pagar com Pix' : 'Ver boleto'}</Button>}
          {waiting && o.challengeUrl && (
            // 3-D Secure: the challenge request goes to the issuer's page, which brings the customer back here.
            <form method="post" action={o.challengeUrl} className="order-page__challenge">
              <input type="hidden" name="creq" value={o.challengeCreq ?? ''} />
              <input type="hidden" name="return_url" value={`/orders/${o.id}`} />
              <Button type="submit">Confirmar no banco</Button>
            </form>
          )}
          {expired && (
            <Button onClick={tryAgain} loading={again.isPending}>
              Tentar novamente
            </Button>
          )}
          {cancellable && (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancelar pedido
            </Button>
          )}
          {canDeleteOrder(o) && (
            <Button variant="secondary" onClick={deleteOrder} loading={remove.isPending}>
              Excluir pedido
            </Button>
          )}
        </div>
      </section>

      <section aria-labelledby="order-items-title">
        <h2 id="order-items-title" className="order-page__heading">
          Itens
        </h2>
        <table className="stacked-table">
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col">Quantidade</th>
              <th scope="col">Preço</th>
            </tr>
          </thead>
          <tbody>
            {o.items.map((item, position) => (
              // A name may repeat across lines of one order: the position makes the key.
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
              <tr key={position}>
                <td>{item.productName}</td>
                <td data-label="Quantidade">{item.quantity}</td>
                <td data-label="Preço">{formatMoney(item.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="order-page__totals">
          <div>
            <dt>Frete</dt>
            <dd>{o.shippingPrice === 0 ? 'Grátis' : formatMoney(o.shippingPrice)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>
              <strong>{formatMoney(o.totalValue)}</strong>
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="order-payment-title">
        <h2 id="order-payment-title" className="order-page__heading">
          Pagamento
        </h2>
        <p>{paymentLine(o)}</p>
        <p className="order-page__muted">Situação: {o.paymentStatus}</p>
        {o.refunds.length > 0 && (
          <ul className="order-page__refunds" aria-label="Reembolsos">
            {o.refunds.map((refund) => (
              <li key={refund.id}>
                <span>Reembolso de {formatMoney(refund.amount)}</span>
                <span>{REFUND_LABEL[refund.status]}</span>
                <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="order-delivery-title">
        <h2 id="order-delivery-title" className="order-page__heading">
          {o.address ? 'Entrega' : 'Retirada'}
        </h2>
        <AddressBlock order={o} />
      </section>

      <section aria-labelledby="order-timeline-title">
        <h2 id="order-timeline-title" className="order-page__heading">
          Acompanhamento
        </h2>
        <Timeline
          label={`Acompanhamento do pedido #${o.id}`}
          steps={o.timeline.map((step) => ({ label: step.status, at: step.at }))}
        />
      </section>

      {paying && (
        <ChargeDialog charge={o} orderId={o.id} amount={o.totalValue} onPaid={closeCharge} onClose={closeCharge} />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && !cancel.isPending && setConfirming(false)}
        title={`Cancelar o pedido #${o.id}?`}
        message={
          paidBefore
            ? `O valor de ${formatMoney(o.totalValue - o.refundedValue)} volta para você pela mesma forma de pagamento.`
            : undefined
        }
        confirmLabel="Cancelar pedido"
        cancelLabel="Manter pedido"
        loading={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </div>
  );
}
