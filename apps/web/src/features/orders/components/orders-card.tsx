import { type CustomerOrder, formatMoney, nextOrderStatuses, ORDER_STATUS } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { cancelOrderMutation, ordersQueryOptions } from '../../../api/orders';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { CloseIcon, ReceiptIcon } from '../../../components/ui/icons';
import { lazyDialog } from '../../../components/ui/modal';
import { LoadingState } from '../../../components/ui/spinner';
import { toast } from '../../../lib/toast';
import { formatOrderDate } from '../order-date';
import { OrderStatusBadge, RefundBadge } from './order-status-badge';
import './orders-card.css';

// Shown once a Pix or boleto is issued: its code loads then.
const ChargeDialog = lazyDialog(() =>
  import('../../../components/charge/charge-dialog').then((module) => module.ChargeDialog),
);

/**
 * 'Meus Pedidos' on /user: one card per order (number, status badge, date, what and how much), each
 * opening the order's page; a waiting order can be paid from here, and cancelled where the status
 * table allows.
 */
export function OrdersCard() {
  const orders = useQuery(ordersQueryOptions());
  const cancel = useMutation(cancelOrderMutation());
  const [cancelling, setCancelling] = useState<CustomerOrder | null>(null);
  const list = orders.data ?? [];
  const [payingId, setPayingId] = useState<number | null>(null);
  const paying = list.find((order) => order.id === payingId);
  const closeCharge = useCallback(() => setPayingId(null), []);

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling.id, {
      onSuccess: (response) => toast.success(response.message ?? 'Pedido cancelado com sucesso!'),
      onError: () => toast.error('Não foi possível cancelar o pedido.'),
      onSettled: () => setCancelling(null),
    });
  };

  return (
    <Card title="Meus Pedidos" titleId="orders-card-title">
      {orders.isPending ? (
        <LoadingState />
      ) : orders.isError ? (
        <EmptyState message="Erro ao buscar pedidos." />
      ) : list.length === 0 ? (
        <EmptyState icon={<ReceiptIcon size={32} />} message="Você ainda não fez nenhum pedido." />
      ) : (
        <ul className="orders-card__list">
          {list.map((order) => {
            const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
            return (
              <li key={order.id} className="orders-card__row">
                <Link to={`/orders/${order.id}`} className="orders-card__open">
                  <span className="orders-card__head">
                    <span className="orders-card__number">Pedido #{order.id}</span>
                    <OrderStatusBadge status={order.status} />
                    <RefundBadge status={order.paymentStatus} />
                  </span>
                  <span className="orders-card__meta">
                    {formatOrderDate(order.orderDate)} · {units} {units === 1 ? 'item' : 'itens'} ·{' '}
                    {order.paymentMethod}
                  </span>
                  <strong className="orders-card__total">{formatMoney(order.totalValue)}</strong>
                </Link>
                <span className="orders-card__actions">
                  {order.status === ORDER_STATUS.awaitingPayment && (order.pixCode || order.boletoCode) && (
                    <Button
                      variant="secondary"
                      aria-label={`Pagar pedido #${order.id}`}
                      onClick={() => setPayingId(order.id)}
                    >
                      Pagar
                    </Button>
                  )}
                  {nextOrderStatuses(order).includes(ORDER_STATUS.cancelled) && (
                    <IconButton
                      variant="danger"
                      aria-label={`Cancelar pedido #${order.id}`}
                      onClick={() => setCancelling(order)}
                    >
                      <CloseIcon />
                    </IconButton>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {paying && (
        <ChargeDialog
          charge={paying}
          orderId={paying.id}
          amount={paying.totalValue}
          onPaid={closeCharge}
          onClose={closeCharge}
        />
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && !cancel.isPending && setCancelling(null)}
        title={cancelling ? `Tem certeza de que deseja cancelar o pedido #${cancelling.id}?` : ''}
        message={
          cancelling?.status === ORDER_STATUS.processing
            ? 'O valor pago volta para você pela mesma forma de pagamento.'
            : undefined
        }
        loading={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </Card>
  );
}
