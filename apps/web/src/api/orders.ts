import {
  type AdminOrder,
  type CustomerOrder,
  type CustomerOrderDetail,
  ORDER_STATUS,
  type OrderProgressStatus,
  type OrderState,
  PAYMENT_STATUS,
  type RefundBody,
  type RefundResult,
  type RefundView,
} from '@petshop/domain';
import type { MutationFunctionContext } from '@tanstack/react-query';
import { ApiError, apiRequest, invalidate, pagedQueryOptions } from '../lib/api-client';
import { cartKey, paymentSummaryKey } from './cart';

export const ordersKey = ['orders'] as const;
export const adminOrdersKey = ['admin-orders'] as const;

/** SPEC section 8: a 400 on the list means "no orders". */
async function getOrders(signal: AbortSignal): Promise<CustomerOrder[]> {
  try {
    return (await apiRequest<CustomerOrder[]>('/orders', { signal })).data;
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

/** A change to one order, then the list under `key` is read again. */
const orderChange = <T>(key: readonly string[], method: 'PUT' | 'DELETE', path: (id: number) => string) => ({
  mutationFn: (id: number) => apiRequest<T>(path(id), { method }),
  onSuccess: invalidate(key),
});

export const cancelOrderMutation = () => orderChange<OrderState>(ordersKey, 'DELETE', (id) => `/orders/cancel/${id}`);

/** Only cancelled orders can be deleted; they leave every list. */
export const deleteOrderMutation = () => orderChange<null>(ordersKey, 'DELETE', (id) => `/orders/${id}`);

/** The sales list's filters as the URL and the API name them ('' or absent: not filtered). */
export interface SalesFilters {
  from?: string;
  to?: string;
  status?: string;
  customer?: string;
}

/** Admin: every order, newest first (the server's order), narrowed on the server by `filters`. */
export const adminOrdersQueryOptions = (filters: SalesFilters = {}) => {
  const params = Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as Record<string, string>;
  return pagedQueryOptions<AdminOrder>([...adminOrdersKey, params], '/orders/all/users', undefined, params);
};

export const adminCancelOrderMutation = () =>
  orderChange<OrderState>(adminOrdersKey, 'DELETE', (id) => `/orders/admin/cancel/${id}`);

export const adminDeleteOrderMutation = () =>
  orderChange<null>(adminOrdersKey, 'DELETE', (id) => `/orders/admin/${id}`);

/** PUT /orders/{id} {status}: Enviado, Pronto para retirada or Entregue, as the status table allows. */
export const moveOrderMutation = () => ({
  mutationFn: ({ id, status }: { id: number; status: OrderProgressStatus }) =>
    apiRequest<OrderState>(`/orders/${id}`, { method: 'PUT', body: { status } }),
  onSuccess: invalidate(adminOrdersKey),
});

/** Every ~3 s while the order waits for the bank; stops once it is paid, cancelled or expired. */
const FOLLOW_MS = 3000;

/** One order by its payment: what the Pix/boleto dialog follows until the money arrives. */
export const orderByPaymentQueryOptions = (paymentId: number) => ({
  queryKey: [...ordersKey, 'payment', paymentId],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiRequest<CustomerOrder>(`/orders/${paymentId}`, { signal })).data,
  refetchInterval: (query: { state: { data?: CustomerOrder | undefined } }) =>
    query.state.data && query.state.data.status !== ORDER_STATUS.awaitingPayment ? false : FOLLOW_MS,
  refetchIntervalInBackground: true,
});

/** One of the caller's orders for its page; followed while it waits for the bank or for a refund. */
export const orderQueryOptions = (id: number) => ({
  queryKey: [...ordersKey, 'detail', id],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiRequest<CustomerOrderDetail>(`/orders/${id}/details`, { signal })).data,
  refetchInterval: (query: { state: { data?: CustomerOrderDetail | undefined } }) => {
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
      if (productId !== null) await apiRequest('/carts/add', { method: 'POST', body: { productId, quantity } });
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
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiRequest<RefundView[]>(`/orders/${orderId}/refunds`, { signal })).data,
});

export interface RefundRequest {
  orderId: number;
  body: RefundBody;
  /** one per confirmation: a retried request refunds once */
  idempotencyKey: string;
}

/** Admin: gives all (no amount) or part of an order's money back; the sales list and its history are read again. */
export const refundOrderMutation = () => ({
  mutationFn: ({ orderId, body, idempotencyKey }: RefundRequest) =>
    apiRequest<RefundResult>(`/orders/${orderId}/refund`, {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
    }),
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
    apiRequest<RefundResult>(`/orders/${orderId}/refunds/${refundId}/confirm`, { method: 'POST' }),
  onSuccess: invalidate(adminOrdersKey),
});
