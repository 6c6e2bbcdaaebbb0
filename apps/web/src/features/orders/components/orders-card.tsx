import { type CustomerOrder, formatMoney, nextOrderStatuses, ORDER_STATUS } from '@petshop/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { cancelOrderMutation, deleteOrderMutation, ordersQueryOptions } from '../../../api/orders';
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
import './orders-card.css';

// Shown once a Pix or boleto is issued: its code loads then.
const ChargeDialog = lazyDialog(() =>
  import('../../../components/charge/charge-dialog').then((module) => module.ChargeDialog),
);

// Shown after a tap: its code (form, masks, Radix) loads then, not with the page.
const OrderItemsModal = lazyDialog(() => import('./order-items-modal').then((module) => module.OrderItemsModal));

/** 'Meus Pedidos' on /user: click a row for its items, delivery and timeline; pay a waiting order again; cancel where the status table allows. */
export function OrdersCard() {
  const orders = useQuery(ordersQueryOptions());
  const cancel = useMutation(cancelOrderMutation());
  const remove = useMutation(deleteOrderMutation());
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<CustomerOrder | null>(null);
  const list = orders.data ?? [];
  const viewing = list.find((order) => order.id === viewingId);
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

  const deleteViewing = () => {
    if (!viewing) return;
    remove.mutate(viewing.id, {
      onSuccess: (response) => {
        toast.success(response.message ?? 'Pedido excluído com sucesso!');
        setViewingId(null);
      },
      onError: () => toast.error('Não foi possível deletar o pedido.'),
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
          {list.map((order) => (
            <li key={order.id} className="orders-card__row">
              <button type="button" className="orders-card__open" onClick={() => setViewingId(order.id)}>
                Pedido: #{order.id} - {formatOrderDate(order.orderDate)} - Status: {order.status} - Total:{' '}
                {formatMoney(order.totalValue)}
              </button>
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
            </li>
          ))}
        </ul>
      )}
      {viewing && (
        <OrderItemsModal
          order={viewing}
          deleting={remove.isPending}
          onDelete={deleteViewing}
          onClose={() => setViewingId(null)}
        />
      )}
      {paying && <ChargeDialog charge={paying} onPaid={closeCharge} onClose={closeCharge} />}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && !cancel.isPending && setCancelling(null)}
        title={cancelling ? `Tem certeza de que deseja cancelar o pedido #${cancelling.id}?` : ''}
        loading={cancel.isPending}
        onConfirm={confirmCancel}
      />
    </Card>
  );
}
