import { type AdminOrder, formatMoney, ORDER_STATUS } from '@petshop/domain';
import { IconButton } from '../../../components/ui/icon-button';
import { CloseIcon, EyeIcon, TrashIcon } from '../../../components/ui/icons';
import '../../../components/ui/data-table.css';

interface OrdersTableProps {
  orders: AdminOrder[];
  onView: (order: AdminOrder) => void;
  onCancel: (order: AdminOrder) => void;
  onDelete: (order: AdminOrder) => void;
}

/** ID do Pedido, ID do Usuário, Preço, Status; cancel only while Processando, delete only once Cancelado. */
export function OrdersTable({ orders, onView, onCancel, onDelete }: OrdersTableProps) {
  return (
    <table className="data-table">
      <caption className="data-table__caption">Pedidos Realizados</caption>
      <thead>
        <tr>
          <th scope="col">ID do Pedido</th>
          <th scope="col">ID do Usuário</th>
          <th scope="col">Preço</th>
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
            <td data-label="ID do Usuário">{order.userId}</td>
            <td data-label="Preço">{formatMoney(order.totalValue)}</td>
            <td data-label="Status">{order.status}</td>
            <td className="data-table__actions">
              <IconButton aria-label={`Ver pedido #${order.orderId}`} onClick={() => onView(order)}>
                <EyeIcon />
              </IconButton>
              {order.status === ORDER_STATUS.processing && (
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
