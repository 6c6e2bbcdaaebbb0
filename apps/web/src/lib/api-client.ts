import { API_TIMEOUT_MS } from '@petshop/domain';
import { infiniteQueryOptions, type MutationFunctionContext, type QueryKey } from '@tanstack/react-query';
import { getToken } from './session';
import type { GetData, TypedApi } from './typed-api';

/** The API.md error body, thrown for every non-2xx answer. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiResponse<T> {
  data: T;
  message?: string;
  meta?: { total: number; limit: number; offset: number };
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** SPEC's 10 s by default; a file upload on a phone connection needs longer. */
  timeoutMs?: number;
}

/**
 * JSON call to /api with the bearer token and the 10 s time-out of SPEC section 7. Not exported:
 * the web calls `api`/`getData` below, typed by the OpenAPI document (`npm run lint` checks).
 */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  // A FormData body sets its own multipart content type, boundary included.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const response = await sendToApi(
    `/api${path}`,
    {
      method: options.method ?? 'GET',
      headers,
      body: isForm ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    },
    options.timeoutMs,
  );

  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw errorOf(response.status, body);
  return (body ?? { data: null }) as ApiResponse<T>;
}

interface SendOptions extends Omit<RequestOptions, 'method'> {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  /** A multipart upload: the document does not describe the file field, the route reads the stream. */
  form?: FormData;
}

/** `/products/{id}` with `path: { id: 7 }` and `query: { limit: 24 }` is `/products/7?limit=24`; undefined values are left out. */
function send(method: RequestOptions['method'], url: string, { path, query, form, ...rest }: SendOptions = {}) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const filled = url.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(path?.[name])));
  const text = search.toString();
  return apiRequest(text ? `${filled}?${text}` : filled, { ...rest, method, body: form ?? rest.body });
}

// The types of the document (typed-api.ts, types only) laid over `send`: the client's run-time code is the few lines above.
/** The API as its OpenAPI document describes it: `api.get('/products/{id}', { path: { id } })`. */
export const api = {
  get: (url: string, options?: SendOptions) => send('GET', url, options),
  post: (url: string, options?: SendOptions) => send('POST', url, options),
  put: (url: string, options?: SendOptions) => send('PUT', url, options),
  delete: (url: string, options?: SendOptions) => send('DELETE', url, options),
} as unknown as TypedApi;

/** A query function answering the `data` of a GET. */
export const getData = ((url: string, options?: SendOptions) =>
  async ({ signal }: { signal: AbortSignal }) =>
    (await send('GET', url, { ...options, signal })).data) as unknown as GetData;

/**
 * `fetch` with the time-out of SPEC section 7 (10 s unless told); no answer at all is an ApiError
 * with a pt-BR message, while the caller's own abort stays an abort.
 */
export async function sendToApi(input: string | Request, init: RequestInit, timeoutMs = API_TIMEOUT_MS) {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  try {
    return await fetch(input, { ...init, signal });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(0, 'TIMEOUT', 'O servidor demorou para responder. Tente novamente.');
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Sem conexão com o servidor. Verifique sua internet.');
  }
}

/** The API.md error body of a non-2xx answer, as the ApiError every call throws. */
export function errorOf(status: number, body: unknown): ApiError {
  const err = (body ?? {}) as { message?: string; code?: string; details?: { field: string; message: string }[] };
  return new ApiError(status, err.code ?? 'HTTP_ERROR', err.message ?? '', err.details);
}

/** The server's message when it sent one, else the screen's own fallback text. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message ? error.message : fallback;

/** The admin lists load 20 rows at a time ('Carregar mais'). */
export const ADMIN_PAGE_SIZE = 20;

/** The offset of the next page, or undefined once `meta.total` rows are loaded. */
export const nextOffset = (last: { data: unknown[]; meta?: ApiResponse<unknown[]>['meta'] }) => {
  if (!last.meta) return undefined;
  const next = last.meta.offset + last.data.length;
  return last.data.length > 0 && next < last.meta.total ? next : undefined;
};

/** One page of an offset-paginated list: `?limit&offset`, the total in `meta`. */
export type PageFetcher<T> = (
  page: { limit: number; offset: number },
  signal: AbortSignal,
) => Promise<{ data: T[]; meta?: ApiResponse<T[]>['meta'] }>;

/** An offset-paginated list as an infinite query. */
export const pagedQueryOptions = <T>(queryKey: QueryKey, fetchPage: PageFetcher<T>, pageSize = ADMIN_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ limit: pageSize, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });

/** A mutation's `onSuccess`: marks every query under `keys` stale and waits for the active ones to refetch. */
export const invalidate =
  (...keys: QueryKey[]) =>
  (_data: unknown, _variables: unknown, _result: unknown, { client }: MutationFunctionContext) =>
    Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
