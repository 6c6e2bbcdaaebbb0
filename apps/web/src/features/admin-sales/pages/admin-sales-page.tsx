import type { AdminOrder } from '@petshop/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadingState } from '../../../components/ui/spinner';
import { messageOf } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';
import { useDeleteOrder } from '../api/delete-order';
import { useAdminOrders } from '../api/get-admin-orders';
import { OrderDetailModal } from '../components/order-detail-modal';
import { OrdersTable } from '../components/orders-table';
import './admin-sales-page.css';

type Pending = { action: 'cancel' | 'delete'; order: AdminOrder } | null;

/** /adminSales: every order, newest first; view, cancel (Processando) and delete (Cancelado). */
export function AdminSalesPage() {
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useAdminOrders();
  const cancel = useCancelOrder();
  const remove = useDeleteOrder();
  const [viewing, setViewing] = useState<AdminOrder | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const orders = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.meta?.total ?? orders.length;

  const confirm = () => {
    if (!pending) return;
    const mutation = pending.action === 'cancel' ? cancel : remove;
    const fallback =
      pending.action === 'cancel' ? 'Não foi possível cancelar o pedido.' : 'Não foi possível deletar o pedido.';
    mutation.mutate(pending.order.orderId, {
      onSuccess: ({ message }) => {
        if (message) toast.success(message);
        setPending(null);
      },
      onError: (failure) => toast.error(messageOf(failure, fallback)),
    });
  };

  return (
    <div className="admin-sales-page">
      <h1 className="admin-sales-page__title">Vendas</h1>
      {isPending ? (
        <LoadingState />
      ) : isError ? (
        <FormAlert message={messageOf(error, 'Erro ao buscar pedidos.')} />
      ) : orders.length === 0 ? (
        <EmptyState message="Nenhum pedido disponível." />
      ) : (
        <>
          <p className="admin-sales-page__count" role="status">
            Mostrando {orders.length} de {total} {total === 1 ? 'pedido' : 'pedidos'}
          </p>
          <OrdersTable
            orders={orders}
            onView={setViewing}
            onCancel={(order) => setPending({ action: 'cancel', order })}
            onDelete={(order) => setPending({ action: 'delete', order })}
          />
          {hasNextPage && (
            <div className="admin-sales-page__more">
              <Button variant="secondary" loading={isFetchingNextPage} onClick={() => fetchNextPage()}>
                Carregar mais
              </Button>
            </div>
          )}
        </>
      )}
      {viewing && <OrderDetailModal key={viewing.orderId} order={viewing} onClose={() => setViewing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.action === 'delete' ? 'Confirmar Exclusão' : 'Cancelar pedido'}
        message={
          pending
            ? `Tem certeza de que deseja ${pending.action === 'delete' ? 'excluir' : 'cancelar'} o pedido #${pending.order.orderId}?`
            : undefined
        }
        loading={cancel.isPending || remove.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}

export { AdminSalesPage as Component };
