import { type AdminOrder, formatMoney, nextOrderStatuses, ORDER_STATUS } from '@petshop/domain';
import { Link } from 'react-router';
import { IconButton } from '../../../../components/ui/icon-button';
import { CloseIcon, EyeIcon, TrashIcon } from '../../../../components/ui/icons';
import '../../../../components/ui/data-table.css';
import { paymentLabel } from './payment-label';

/** The users list searched by the customer's e-mail. */
export const customerLink = (order: AdminOrder) => `/adminUsers?q=${encodeURIComponent(order.userEmail)}`;

interface OrdersTableProps {
  orders: AdminOrder[];
  onView: (order: AdminOrder) => void;
  onCancel: (order: AdminOrder) => void;
  onDelete: (order: AdminOrder) => void;
}

/** ID do Pedido, Cliente (to the users list, searched by e-mail), Preço, Entrega, Pagamento, Status; cancel where the status table allows, delete only once Cancelado. */
export function OrdersTable({ orders, onView, onCancel, onDelete }: OrdersTableProps) {
  return (
    <table className="data-table">
      <caption className="data-table__caption">Pedidos Realizados</caption>
      <thead>
        <tr>
          <th scope="col">ID do Pedido</th>
          <th scope="col">Cliente</th>
          <th scope="col">Preço</th>
          <th scope="col">Entrega</th>
          <th scope="col">Pagamento</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Ações</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.orderId}>
            <th scope="row" data-label="ID do Pedido">
              #{order.orderId}
            </th>
            <td data-label="Cliente">
              <Link to={customerLink(order)}>{order.userName}</Link>
            </td>
            <td data-label="Preço">{formatMoney(order.totalValue)}</td>
            <td data-label="Entrega">{order.deliveryMethod}</td>
            <td data-label="Pagamento">{paymentLabel(order)}</td>
            <td data-label="Status">{order.status}</td>
            <td className="data-table__actions">
              <IconButton aria-label={`Ver pedido #${order.orderId}`} onClick={() => onView(order)}>
                <EyeIcon />
              </IconButton>
              {nextOrderStatuses(order).includes(ORDER_STATUS.cancelled) && (
                <IconButton
                  aria-label={`Cancelar pedido #${order.orderId}`}
                  variant="danger"
                  onClick={() => onCancel(order)}
                >
                  <CloseIcon />
                </IconButton>
              )}
              {order.status === ORDER_STATUS.cancelled && (
                <IconButton
                  aria-label={`Excluir pedido #${order.orderId}`}
                  variant="danger"
                  onClick={() => onDelete(order)}
                >
                  <TrashIcon />
                </IconButton>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
