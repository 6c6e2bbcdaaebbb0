import type { ShippingQuote, ShippingTable } from '@petshop/domain';
import { apiRequest, getData, invalidate } from '../lib/api-client';

export const shippingTableKey = ['shipping-table'] as const;

/** GET /shipping/quote for a CEP and the products' subtotal; waits until a CEP is chosen. */
export const shippingQuoteQueryOptions = (cep: string | undefined, subtotal: number) => ({
  queryKey: ['shipping-quote', cep ?? '', subtotal],
  queryFn: getData<ShippingQuote>(
    `/shipping/quote?${new URLSearchParams({ cep: cep ?? '', subtotal: String(subtotal) })}`,
  ),
  enabled: cep !== undefined,
  // A CEP the shop does not deliver to is an answer, not a glitch to retry.
  retry: false,
});

/** Admin: the table of fees per UF and the free-shipping threshold. */
export const shippingTableQueryOptions = () => ({
  queryKey: shippingTableKey,
  queryFn: getData<ShippingTable>('/admin/shipping'),
});

export const saveShippingTableMutation = () => ({
  mutationFn: (body: ShippingTable) => apiRequest<ShippingTable>('/admin/shipping', { method: 'PUT', body }),
  onSuccess: invalidate(shippingTableKey, ['shipping-quote']),
});
