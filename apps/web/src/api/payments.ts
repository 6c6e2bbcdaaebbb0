import type { PaymentMethod } from '@petshop/domain';
import { ApiError, api, getData, invalidate } from '../lib/api-client';
import type { Body } from '../lib/typed-api';
import { cartKey, paymentSummaryKey } from './cart';
import { ordersKey } from './orders';

/** What the cart costs, item by item; waits for the cart's id. */
export const paymentSummaryQueryOptions = (cartId: number | undefined) => ({
  queryKey: [...paymentSummaryKey, cartId ?? 0],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await api.get('/payments/{cartId}', { path: { cartId: cartId ?? 0 }, signal })).data.summary,
  enabled: cartId !== undefined,
  staleTime: 0,
});

/** What the shop offers and where the browser tokenizes a card (GET /payments/config), asked once. */
export const paymentsConfigQueryOptions = () => ({
  queryKey: ['payments-config'] as const,
  queryFn: getData('/payments/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The choices whose payment method the shop offers (`offered`, from GET /payments/config); all of
 * them until it has answered: the server refuses any other anyway.
 */
export const offeredAmong = <T extends string>(
  choices: readonly T[],
  offered: readonly PaymentMethod[] | undefined,
  methodOf: (choice: T) => PaymentMethod,
): T[] => (offered ? choices.filter((choice) => offered.includes(methodOf(choice))) : [...choices]);

export interface PayRequest {
  body: Body<'post', '/payments/pay'>;
  /** One per payment attempt: a double click or a retried request pays once. */
  idempotencyKey: string;
}

/** A payment empties the cart and adds an order. */
export const payMutation = () => ({
  mutationFn: ({ body, idempotencyKey }: PayRequest) =>
    api.post('/payments/pay', { body, headers: { 'idempotency-key': idempotencyKey } }),
  onSuccess: invalidate(cartKey, ordersKey),
});

/** The embedded test PSP answers only in sandbox mode; elsewhere the route is 404 and the web hides the simulation. */
export const sandboxModeQueryOptions = () => ({
  queryKey: ['pix-sandbox-mode'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    try {
      return (await api.get('/sandbox/pix/mode', { signal })).data.sandbox;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** Sandbox only: pays a pending charge as the customer's bank would; the webhook settles the order. */
export const sandboxPayMutation = () => ({
  mutationFn: (txid: string) => api.post('/sandbox/pix/{txid}/pay', { path: { txid } }),
  onSuccess: invalidate(ordersKey),
});
