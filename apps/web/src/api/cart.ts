import type { MutationFunctionContext } from '@tanstack/react-query';
import { api, getData } from '../lib/api-client';
import type { Answer, Body, Data } from '../lib/typed-api';

export const cartKey = ['cart'] as const;
/** The checkout's summary of a cart (GET /payments/:cartId): kept here because a cart change makes it stale. */
export const paymentSummaryKey = ['payment-summary'] as const;

export type CartView = Data<'get', '/carts'>;

/** Always re-read on mount: the cart changes from other pages and tabs. */
export const cartQueryOptions = () => ({ queryKey: cartKey, queryFn: getData('/carts'), staleTime: 0 });

/** Every cart change answers with the whole new cart: it replaces the cached one. */
const replaceCart = (
  response: { data: CartView },
  _variables: unknown,
  _result: unknown,
  { client }: MutationFunctionContext,
) => client.setQueryData(cartKey, response.data);

export const addCartItemMutation = () => ({
  mutationFn: (body: CartChange) => api.post('/carts/add', { body }),
  onSuccess: replaceCart,
});

export type CartChange = Body<'post', '/carts/add'>;

export const removeCartItemMutation = () => ({
  mutationFn: (body: CartChange) => api.post('/carts/remove', { body }),
  onSuccess: replaceCart,
});

/** The checkout's summary of the old cart is stale too. */
export const clearCartMutation = () => ({
  mutationFn: () => api.delete('/carts/clear'),
  onSuccess: (
    response: Answer<'delete', '/carts/clear'>,
    variables: unknown,
    result: unknown,
    context: MutationFunctionContext,
  ) => {
    replaceCart(response, variables, result, context);
    return context.client.invalidateQueries({ queryKey: paymentSummaryKey });
  },
});

/** The header's live count: units in the cart, read from the same cache entry as the cart page. */
export const cartCountQueryOptions = () => ({
  ...cartQueryOptions(),
  retry: false,
  select: (cart: CartView) => cart.items.reduce((units, item) => units + item.quantity, 0),
});
