import { type AdminOrder, formatMoney } from '@petshop/domain';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  adminCancelOrderMutation,
  adminDeleteOrderMutation,
  adminOrdersQueryOptions,
  type SalesFilters as Filters,
} from '../../../../api/orders';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { ListPage } from '../../../../components/ui/list-page';
import { messageOf } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { OrderDetailModal } from '../components/order-detail-modal';
import { OrdersTable } from '../components/orders-table';
import { refundableLeft } from '../components/refund-panel';
import { SalesFilters } from '../components/sales-filters';

type Pending = { action: 'cancel' | 'delete'; order: AdminOrder } | null;

const FILTER_NAMES = ['from', 'to', 'status', 'customer'] as const;

/**
 * /adminSales: every order, newest first, filtered on the server by the days it was placed, its
 * status and the customer (kept in the URL: a reload or a shared link shows the same list); view,
 * cancel (Processando) and delete (Cancelado).
 */
export function AdminSalesPage() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = Object.fromEntries(
    FILTER_NAMES.flatMap((name) => (params.get(name) ? [[name, params.get(name)]] : [])),
  );
  const applyFilters = (next: Filters) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value)) as Record<string, string>);
  const filtered = FILTER_NAMES.some((name) => filters[name]);
  const { data, isPending, isError, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    adminOrdersQueryOptions(filters),
  );
  const cancel = useMutation(adminCancelOrderMutation());
  const remove = useMutation(adminDeleteOrderMutation());
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const orders = data?.pages.flatMap((page) => page.data) ?? [];
  const total = data?.pages.at(-1)?.meta?.total ?? orders.length;
  // The row as the list has it now: a refund or a move made in the dialog shows there at once.
  const viewing = orders.find((order) => order.orderId === viewingId);

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
    <>
      <ListPage
        title="Vendas"
        search={<SalesFilters key={params.toString()} applied={filters} onApply={applyFilters} />}
        isPending={isPending}
        isError={isError}
        errorMessage={messageOf(error, 'Erro ao buscar pedidos.')}
        emptyMessage={filtered ? 'Nenhum pedido com esses filtros.' : 'Nenhum pedido disponível.'}
        shown={orders.length}
        total={total}
        noun={{ one: 'pedido', many: 'pedidos' }}
        hasMore={hasNextPage}
        loadingMore={isFetchingNextPage}
        onLoadMore={() => fetchNextPage()}
      >
        <OrdersTable
          orders={orders}
          onView={(order) => setViewingId(order.orderId)}
          onCancel={(order) => setPending({ action: 'cancel', order })}
          onDelete={(order) => setPending({ action: 'delete', order })}
        />
      </ListPage>
      {viewing && <OrderDetailModal key={viewing.orderId} order={viewing} onClose={() => setViewingId(null)} />}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.action === 'delete' ? 'Confirmar Exclusão' : 'Cancelar pedido'}
        message={
          pending
            ? `Tem certeza de que deseja ${pending.action === 'delete' ? 'excluir' : 'cancelar'} o pedido #${pending.order.orderId}?${
                pending.action === 'cancel' && refundableLeft(pending.order) > 0
                  ? ` ${formatMoney(refundableLeft(pending.order))} voltam ao cliente automaticamente.`
                  : ''
              }`
            : undefined
        }
        loading={cancel.isPending || remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}

export { AdminSalesPage as Component };
