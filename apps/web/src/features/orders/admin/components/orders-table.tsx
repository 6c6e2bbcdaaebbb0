import { type AdminOrder, canDeleteOrder, formatMoney, nextOrderStatuses, ORDER_STATUS } from '@petshop/domain';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../../components/ui/data-table';
import { IconButton } from '../../../../components/ui/icon-button';
import { CloseIcon, EyeIcon, TrashIcon } from '../../../../components/ui/icons';
import { paymentLabel } from './payment-label';

/** The users list searched by the customer's e-mail. */
export const customerLink = (order: AdminOrder) => `/adminUsers?q=${encodeURIComponent(order.userEmail)}`;

const columns: Column<AdminOrder>[] = [
  { label: 'ID do Pedido', cell: (order) => `#${order.orderId}` },
  { label: 'Cliente', cell: (order) => <Link to={customerLink(order)}>{order.userName}</Link> },
  { label: 'Preço', cell: (order) => formatMoney(order.totalValue) },
  { label: 'Entrega', cell: (order) => order.deliveryMethod },
  { label: 'Pagamento', cell: paymentLabel },
  { label: 'Status', cell: (order) => order.status },
];

interface OrdersTableProps {
  orders: AdminOrder[];
  onView: (order: AdminOrder) => void;
  onCancel: (order: AdminOrder) => void;
  onDelete: (order: AdminOrder) => void;
}

/** Cancel where the status table allows, delete only a cancelled order that was never paid. */
export function OrdersTable({ orders, onView, onCancel, onDelete }: OrdersTableProps) {
  return (
    <DataTable
      caption="Pedidos Realizados"
      rows={orders}
      rowKey={(order) => order.orderId}
      columns={columns}
      actions={(order) => (
        <>
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
          {canDeleteOrder(order) && (
            <IconButton
              aria-label={`Excluir pedido #${order.orderId}`}
              variant="danger"
              onClick={() => onDelete(order)}
            >
              <TrashIcon />
            </IconButton>
          )}
        </>
      )}
    />
  );
}
