import { type CustomerOrder, canDeleteOrder, formatMoney } from '@petshop/domain';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Timeline } from '../../../components/ui/timeline';
import '../../../components/ui/stacked-table.css';
import './order-items-modal.css';

interface OrderItemsModalProps {
  order: CustomerOrder;
  deleting: boolean;
  onDelete: () => void;
  onClose: () => void;
}

export function OrderItemsModal({ order, deleting, onDelete, onClose }: OrderItemsModalProps) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Itens do Pedido #${order.id}`}
      size="large"
      footer={
        canDeleteOrder(order) ? (
          <Button variant="danger" loading={deleting} onClick={onDelete}>
            Deletar Pedido
          </Button>
        ) : undefined
      }
    >
      {order.items.length === 0 ? (
        <p className="order-items__empty">Nenhum item encontrado para este pedido.</p>
      ) : (
        <table className="stacked-table">
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col">Quantidade</th>
              <th scope="col">Preço</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              // One line per product in an order (the cart had one line per product).
              <tr key={`${item.productName}|${item.price}`}>
                <td>{item.productName}</td>
                <td data-label="Quantidade">{item.quantity}</td>
                <td data-label="Preço">{formatMoney(item.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="order-items__summary">
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
          <dd>{order.paymentMethod}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            <strong>{formatMoney(order.totalValue)}</strong>
          </dd>
        </div>
      </dl>
      <h3 className="order-items__heading">Acompanhamento</h3>
      <Timeline
        label={`Acompanhamento do pedido #${order.id}`}
        steps={order.timeline.map((step) => ({ label: step.status, at: step.at }))}
      />
    </Modal>
  );
}
