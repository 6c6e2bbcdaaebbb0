import {
  type AdminOrder,
  formatCep,
  formatDateTime,
  formatMoney,
  nextOrderStatuses,
  ORDER_PROGRESS_STATUSES,
  ORDER_STATUS,
  type OrderProgressStatus,
} from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { moveOrderMutation } from '../../../../api/orders';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { Timeline } from '../../../../components/ui/timeline';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { PickupPlace } from '../../components/pickup-place';
import { customerLink } from './orders-table';
import { RefundPanel } from './refund-panel';
import './order-detail-modal.css';

interface OrderDetailModalProps {
  order: AdminOrder;
  onClose: () => void;
}

const ACTION_LABEL: Record<OrderProgressStatus, string> = {
  [ORDER_STATUS.shipped]: 'Marcar como enviado',
  [ORDER_STATUS.readyForPickup]: 'Pronto para retirada',
  [ORDER_STATUS.delivered]: 'Marcar como entregue',
};

const isProgress = (status: string): status is OrderProgressStatus =>
  (ORDER_PROGRESS_STATUSES as readonly string[]).includes(status);

/** Customer, items, delivery, total, status and timeline; offers only the moves the status table allows. */
export function OrderDetailModal({ order, onClose }: OrderDetailModalProps) {
  const move = useMutation(moveOrderMutation());
  const { addresses: address } = order;
  // Items carry no id and a name may repeat: the position makes the key.
  const items = order.items.map((item, position) => ({ ...item, key: `${position}:${item.productName}` }));
  const actions = nextOrderStatuses(order).filter(isProgress);

  const moveTo = (status: OrderProgressStatus) =>
    move.mutate(
      { id: order.orderId, status },
      {
        onSuccess: ({ message }) => {
          if (message) toast.success(message);
          onClose();
        },
        onError: (error) => toast.error(messageOf(error, 'Não foi possível atualizar o pedido.')),
      },
    );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Pedido #${order.orderId}`}
      size="large"
      footer={
        actions.length > 0 &&
        actions.map((status) => (
          <Button
            key={status}
            onClick={() => moveTo(status)}
            loading={move.isPending && move.variables?.status === status}
            disabled={move.isPending}
          >
            {ACTION_LABEL[status]}
          </Button>
        ))
      }
    >
      <dl className="order-detail-modal__data">
        <div>
          <dt>Cliente</dt>
          <dd>
            <Link to={customerLink(order)}>{order.userName}</Link>
            <br />
            {order.userEmail}
          </dd>
        </div>
        <div>
          <dt>Data</dt>
          <dd>{formatDateTime(order.orderDate)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{order.status}</dd>
        </div>
        <div>
          <dt>Forma de entrega</dt>
          <dd>{order.deliveryMethod}</dd>
        </div>
        <div>
          <dt>Frete</dt>
          <dd>{order.shippingPrice === 0 ? 'Grátis' : formatMoney(order.shippingPrice)}</dd>
        </div>
        <div>
          <dt>Pagamento</dt>
          <dd>
            {order.paymentMethod} — {order.paymentStatus}
            {order.refundedValue > 0 && (
              <>
                <br />
                Reembolsado: {formatMoney(order.refundedValue)}
              </>
            )}
            {order.refundDue && (
              <>
                <br />
                <strong>Estorno pendente: o pagamento chegou depois do cancelamento.</strong>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatMoney(order.totalValue)}</dd>
        </div>
      </dl>
      <h3 className="order-detail-modal__heading">Itens</h3>
      {items.length === 0 ? (
        <p>Nenhum item encontrado para este pedido.</p>
      ) : (
        <ul className="order-detail-modal__items">
          {items.map((item) => (
            <li key={item.key}>
              <span>{item.productName}</span>
              <span>
                {item.quantity} {item.quantity === 1 ? 'unidade' : 'unidades'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {address ? (
        <>
          <h3 className="order-detail-modal__heading">Endereço de entrega</h3>
          <p className="order-detail-modal__address">
            {address.street ? `${address.street}, ` : 'Número '}
            {address.number}
            {address.complement ? `, ${address.complement}` : ''}
            {address.district ? ` — ${address.district}` : ''} — {address.city} — CEP {formatCep(address.cep)}
          </p>
        </>
      ) : (
        <>
          <h3 className="order-detail-modal__heading">Retirada</h3>
          <PickupPlace
            storeId={order.storeId}
            lead="O cliente retira o pedido na loja."
            className="order-detail-modal__address"
          />
        </>
      )}
      <h3 className="order-detail-modal__heading">Acompanhamento</h3>
      <Timeline
        label={`Acompanhamento do pedido #${order.orderId}`}
        steps={order.timeline.map((step) => ({ label: step.status, at: step.at }))}
      />
      <RefundPanel order={order} />
    </Modal>
  );
}
