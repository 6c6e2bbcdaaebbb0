import { ORDER_STATUS, type OrderProgressStatus, PAYMENT_STATUS } from '@petshop/domain';
import type { MutationFunctionContext } from '@tanstack/react-query';
import { ApiError, api, getData, invalidate, pagedQueryOptions } from '../lib/api-client';
import type { Body, Data, Query } from '../lib/typed-api';
import { cartKey, paymentSummaryKey } from './cart';

export const ordersKey = ['orders'] as const;
export const adminOrdersKey = ['admin-orders'] as const;

/** SPEC section 8: a 400 on the list means "no orders". */
async function getOrders(signal: AbortSignal): Promise<Data<'get', '/orders'>> {
  try {
    return (await api.get('/orders', { signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return [];
    throw error;
  }
}

/** The caller's orders (not paginated). */
export const ordersQueryOptions = () => ({
  queryKey: ordersKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => getOrders(signal),
});

export const cancelOrderMutation = () => ({
  mutationFn: (id: number) => api.delete('/orders/cancel/{id}', { path: { id } }),
  onSuccess: invalidate(ordersKey),
});

/** Only cancelled orders can be deleted; they leave every list. */
export const deleteOrderMutation = () => ({
  mutationFn: (id: number) => api.delete('/orders/{id}', { path: { id } }),
  onSuccess: invalidate(ordersKey),
});

/** The sales list's filters as the URL and the API name them ('' or absent: not filtered). */
export type SalesFilters = Omit<Query<'get', '/orders/all/users'>, 'limit' | 'offset'>;

/** Admin: every order, newest first (the server's order), narrowed on the server by `filters`. */
export const adminOrdersQueryOptions = (filters: SalesFilters = {}) => {
  const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as SalesFilters;
  return pagedQueryOptions([...adminOrdersKey, params], (page, signal) =>
    api.get('/orders/all/users', { query: { ...params, ...page }, signal }),
  );
};

export const adminCancelOrderMutation = () => ({
  mutationFn: (id: number) => api.delete('/orders/admin/cancel/{id}', { path: { id } }),
  onSuccess: invalidate(adminOrdersKey),
});

export const adminDeleteOrderMutation = () => ({
  mutationFn: (id: number) => api.delete('/orders/admin/{id}', { path: { id } }),
  onSuccess: invalidate(adminOrdersKey),
});

/** PUT /orders/{id} {status}: Enviado, Pronto para retirada or Entregue, as the status table allows. */
export const moveOrderMutation = () => ({
  mutationFn: ({ id, status }: { id: number; status: OrderProgressStatus }) =>
    api.put('/orders/{id}', { path: { id }, body: { status } }),
  onSuccess: invalidate(adminOrdersKey),
});

/** Every ~3 s while the order waits for the bank; stops once it is paid, cancelled or expired. */
const FOLLOW_MS = 3000;

/** One order by its payment: what the Pix/boleto dialog follows until the money arrives. */
export const orderByPaymentQueryOptions = (paymentId: number) => ({
  queryKey: [...ordersKey, 'payment', paymentId],
  queryFn: getData('/orders/{id}', { path: { id: paymentId } }),
  refetchInterval: (query: { state: { data?: Data<'get', '/orders/{id}'> | undefined } }) =>
    query.state.data && query.state.data.status !== ORDER_STATUS.awaitingPayment ? false : FOLLOW_MS,
  refetchIntervalInBackground: true,
});

/** One of the caller's orders for its page; followed while it waits for the bank or for a refund. */
export const orderQueryOptions = (id: number) => ({
  queryKey: [...ordersKey, 'detail', id],
  queryFn: getData('/orders/{id}/details', { path: { id } }),
  refetchInterval: (query: { state: { data?: Data<'get', '/orders/{id}/details'> | undefined } }) => {
    const order = query.state.data;
    if (!order) return false;
    const moving =
      order.status === ORDER_STATUS.awaitingPayment || order.paymentStatus === PAYMENT_STATUS.refundPending;
    return moving ? FOLLOW_MS : false;
  },
});

/** 'Tentar novamente' after a charge expired: the order's products go back into the cart (stock permitting). */
export const buyAgainMutation = () => ({
  mutationFn: async (items: readonly { productId: number | null; quantity: number }[]) => {
    for (const { productId, quantity } of items) {
      if (productId !== null) await api.post('/carts/add', { body: { productId, quantity } });
    }
  },
  // Even when one product ran out midway, the others are in the cart now.
  onSettled: (
    _data: unknown,
    _error: unknown,
    _items: unknown,
    _result: unknown,
    { client }: MutationFunctionContext,
  ) => Promise.all([cartKey, paymentSummaryKey].map((queryKey) => client.invalidateQueries({ queryKey }))),
});

/** Admin: an order's refunds, oldest first, with their status. */
export const orderRefundsQueryOptions = (orderId: number) => ({
  queryKey: [...adminOrdersKey, 'refunds', orderId],
  queryFn: getData('/orders/{id}/refunds', { path: { id: orderId } }),
});

export interface RefundRequest {
  orderId: number;
  body: Body<'post', '/orders/{id}/refund'>;
  /** one per confirmation: a retried request refunds once */
  idempotencyKey: string;
}

/** Admin: gives all (no amount) or part of an order's money back; the sales list and its history are read again. */
export const refundOrderMutation = () => ({
  mutationFn: ({ orderId, body, idempotencyKey }: RefundRequest) =>
    api.post('/orders/{id}/refund', { path: { id: orderId }, body, headers: { 'idempotency-key': idempotencyKey } }),
  onSettled: (
    _data: unknown,
    _error: unknown,
    _request: unknown,
    _result: unknown,
    { client }: MutationFunctionContext,
  ) => client.invalidateQueries({ queryKey: adminOrdersKey }),
});

/** Admin: the boleto's money went back by transfer. */
export const confirmRefundMutation = () => ({
  mutationFn: ({ orderId, refundId }: { orderId: number; refundId: number }) =>
    api.post('/orders/{id}/refunds/{refundId}/confirm', { path: { id: orderId, refundId } }),
  onSuccess: invalidate(adminOrdersKey),
});
