import type { PayBody, PaymentResult } from '@petshop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CART_QUERY_KEY } from './get-cart';

export interface PayRequest {
  body: PayBody;
  /** One per payment attempt: a double click or a retried request pays once. */
  idempotencyKey: string;
}

export const pay = ({ body, idempotencyKey }: PayRequest) =>
  apiRequest<PaymentResult>('/payments/pay', {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });

export const usePay = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pay,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]);
    },
  });
};
