import { type AdminOrder, formatCep, formatDateTime, formatMoney, ORDER_STATUS } from '@petshop/domain';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { deliverOrderMutation } from '../../../api/orders';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { messageOf } from '../../../lib/api-client';
import { customerLink } from './orders-table';
import './order-detail-modal.css';

interface OrderDetailModalProps {
  order: AdminOrder;
  onClose: () => void;
}

/** Customer, items, delivery address, payment, total and status; only a paid (Processando) order can be marked delivered. */
export function OrderDetailModal({ order, onClose }: OrderDetailModalProps) {
  const deliver = useMutation(deliverOrderMutation());
  const { addresses: address } = order;
  // Items carry no id and a name may repeat: the position makes the key.
  const items = order.items.map((item, position) => ({ ...item, key: `${position}:${item.productName}` }));

  const markDelivered = () =>
    deliver.mutate(order.orderId, {
      onSuccess: ({ message }) => {
        toast.success(message ?? 'Pedido marcado como entregue!');
        onClose();
      },
      onError: (error) => toast.error(messageOf(error, 'Não foi possível atualizar o pedido.')),
    });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Pedido #${order.orderId}`}
      size="large"
      footer={
        order.status === ORDER_STATUS.processing && (
          <Button onClick={markDelivered} loading={deliver.isPending}>
            Marcar como entregue
          </Button>
        )
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
          <dt>Pagamento</dt>
          <dd>
            {order.paymentMethod} — {order.paymentStatus}
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
      <h3 className="order-detail-modal__heading">Endereço de entrega</h3>
      <p className="order-detail-modal__address">
        Número {address.number}
        {address.complement ? `, ${address.complement}` : ''} — {address.city} — CEP {formatCep(address.cep)}
      </p>
    </Modal>
  );
}
