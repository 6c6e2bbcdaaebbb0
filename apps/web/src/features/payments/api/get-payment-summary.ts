import type { PaymentSummary } from '@petshop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const paymentSummaryKey = (cartId: number) => ['payment-summary', cartId] as const;

export const getPaymentSummary = async (cartId: number, signal?: AbortSignal) =>
  (await apiRequest<PaymentSummary>(`/payments/${cartId}`, { signal })).data.summary;

export const usePaymentSummary = (cartId: number | undefined) =>
  useQuery(
    queryOptions({
      queryKey: paymentSummaryKey(cartId ?? 0),
      queryFn: ({ signal }) => getPaymentSummary(cartId ?? 0, signal),
      enabled: cartId !== undefined,
      staleTime: 0,
    }),
  );
