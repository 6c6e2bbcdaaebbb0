import { api, getData, invalidate } from '../lib/api-client';
import type { Body } from '../lib/typed-api';

export const shippingTableKey = ['shipping-table'] as const;

/** GET /shipping/quote for a CEP and the products' subtotal; waits until a CEP is chosen. */
export const shippingQuoteQueryOptions = (cep: string | undefined, subtotal: number) => ({
  queryKey: ['shipping-quote', cep ?? '', subtotal],
  queryFn: getData('/shipping/quote', { query: { cep: cep ?? '', subtotal } }),
  enabled: cep !== undefined,
  // A CEP the shop does not deliver to is an answer, not a glitch to retry.
  retry: false,
});

/** Admin: the table of fees per UF and the free-shipping threshold. */
export const shippingTableQueryOptions = () => ({
  queryKey: shippingTableKey,
  queryFn: getData('/admin/shipping'),
});

export const saveShippingTableMutation = () => ({
  mutationFn: (body: Body<'put', '/admin/shipping'>) => api.put('/admin/shipping', { body }),
  onSuccess: invalidate(shippingTableKey, ['shipping-quote']),
});
