import type { PayBody, PaymentResult, PaymentSummary } from '@petshop/domain';
import { apiRequest, invalidate } from '../lib/api-client';
import { cartKey, paymentSummaryKey } from './cart';
import { ordersKey } from './orders';

/** What the cart costs, item by item; waits for the cart's id. */
export const paymentSummaryQueryOptions = (cartId: number | undefined) => ({
  queryKey: [...paymentSummaryKey, cartId ?? 0],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await apiRequest<PaymentSummary>(`/payments/${cartId ?? 0}`, { signal })).data.summary,
  enabled: cartId !== undefined,
  staleTime: 0,
});

export interface PayRequest {
  body: PayBody;
  /** One per payment attempt: a double click or a retried request pays once. */
  idempotencyKey: string;
}

/** A payment empties the cart and adds an order. */
export const payMutation = () => ({
  mutationFn: ({ body, idempotencyKey }: PayRequest) =>
    apiRequest<PaymentResult>('/payments/pay', {
      method: 'POST',
      body,
      headers: { 'idempotency-key': idempotencyKey },
    }),
  onSuccess: invalidate(cartKey, ordersKey),
});
