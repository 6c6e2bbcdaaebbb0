import type { MutationFunctionContext } from '@tanstack/react-query';
import { api, getData } from '../lib/api-client';
import type { Body, Data } from '../lib/typed-api';

/** The operator's open till session (null when none is open). */
export const posSessionKey = ['pos-session'] as const;
/** Counter sales by id: the till's receipt and Pix wait, the return screen's lookup. */
export const posSalesKey = ['pos-sale'] as const;

export type PosSaleData = Data<'get', '/pos/sales/{id}'>;

export const currentPosSessionQueryOptions = () => ({
  queryKey: posSessionKey,
  queryFn: getData('/pos/sessions/current'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Opening answers the session: the till shows it at once. */
export const openPosSessionMutation = () => ({
  mutationFn: async (body: Body<'post', '/pos/sessions'>) => (await api.post('/pos/sessions', { body })).data,
  onSuccess: (session: Data<'post', '/pos/sessions'>, _v: unknown, _r: unknown, { client }: MutationFunctionContext) =>
    client.setQueryData(posSessionKey, session),
});

/** Closing answers the report; the session stays in the cache until the operator leaves the report. */
export const closePosSessionMutation = (id: number) => ({
  mutationFn: async (body: Body<'post', '/pos/sessions/{id}/close'>) =>
    (await api.post('/pos/sessions/{id}/close', { path: { id }, body })).data,
});

/** What the scanner read: 13 digits are an EAN-13 barcode, fewer the product's own code. */
export const productByCodeQueryOptions = (code: string) => ({
  queryKey: ['product-code', code],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    code.length === 13
      ? getData('/products/barcode/{ean}', { path: { ean: code } })({ signal })
      : getData('/products/{id}', { path: { id: Number(code) } })({ signal }),
  staleTime: 60_000,
});

export const posSaleQueryOptions = (id: number | undefined) => ({
  queryKey: [...posSalesKey, id ?? 0],
  queryFn: getData('/pos/sales/{id}', { path: { id: id ?? 0 } }),
  enabled: id !== undefined,
  staleTime: 0,
});

const keep = (sale: PosSaleData, _v: unknown, _r: unknown, { client }: MutationFunctionContext) =>
  client.setQueryData([...posSalesKey, sale.id], sale);

export interface PosSaleRequest {
  body: Body<'post', '/pos/sales'>;
  /** One per sale, kept across retries: a retried request answers the same sale. */
  idempotencyKey: string;
}

export const createPosSaleMutation = () => ({
  mutationFn: async ({ body, idempotencyKey }: PosSaleRequest) =>
    (await api.post('/pos/sales', { body, headers: { 'idempotency-key': idempotencyKey } })).data,
  onSuccess: keep,
});

/** A sale waiting for its Pix, given up: its units go back on the shelf. */
export const cancelPosSaleMutation = () => ({
  mutationFn: async (id: number) => (await api.post('/pos/sales/{id}/cancel', { path: { id } })).data,
  onSuccess: keep,
});

export interface PosReturnRequest {
  saleId: number;
  body: Body<'post', '/pos/sales/{id}/returns'>;
  /** One per confirmed choice: a retry after a dropped answer returns once. */
  idempotencyKey: string;
}

/**
 * A return changes what is left to return of the sale: marked stale, read again on the next lookup
 * (not at once, which would take the sale away from the screen confirming the return).
 */
export const posReturnMutation = () => ({
  mutationFn: async ({ saleId, body, idempotencyKey }: PosReturnRequest) =>
    (
      await api.post('/pos/sales/{id}/returns', {
        path: { id: saleId },
        headers: { 'idempotency-key': idempotencyKey },
        body,
      })
    ).data,
  onSuccess: (_data: unknown, _v: unknown, _r: unknown, { client }: MutationFunctionContext) =>
    client.invalidateQueries({ queryKey: posSalesKey, refetchType: 'none' }),
});
