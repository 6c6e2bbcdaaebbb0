import type { paths } from '../api/schema.gen';
import { apiRequest } from './api-client';

/**
 * The API as its OpenAPI document describes it: paths, parameters, bodies and answers are typed
 * from `api/schema.gen.ts` (`npm run openapi`), so a route that changes shape fails the web's
 * typecheck. Types only: the sender is `apiRequest` (same token, time-out and ApiError), so no client
 * library reaches the customer pages (docs/decisions/0107-type-only-api-client.md).
 */
type Routes = { [K in keyof paths as K extends `/api${infer Path}` ? Path : never]: paths[K] };

export type Method = 'get' | 'put' | 'post' | 'delete';

interface Operation {
  parameters: { query?: unknown; path?: unknown };
  requestBody?: unknown;
  responses: unknown;
}

/** The paths that answer `method`. */
export type PathOf<M extends Method> = {
  [P in keyof Routes]: Routes[P][M & keyof Routes[P]] extends Operation ? P : never;
}[keyof Routes];

type OperationOf<M extends Method, P extends PathOf<M>> = Extract<Routes[P][M & keyof Routes[P]], Operation>;

type JsonOf<Response> = Response extends { content: { 'application/json': infer Json } } ? Json : null;

type SuccessOf<Responses> = {
  [S in keyof Responses]: S extends 200 | 201 | 202 | 204 ? JsonOf<Responses[S]> : never;
}[keyof Responses];

/** The 2xx answers' bodies: the `{ data, message?, meta? }` envelope of API.md (per path when `P` is several). */
export type Answer<M extends Method, P extends PathOf<M>> = P extends unknown
  ? SuccessOf<OperationOf<M, P>['responses']>
  : never;

/** The `data` of a 2xx answer. */
export type Data<M extends Method, P extends PathOf<M>> = Answer<M, P> extends { data: infer D } ? D : never;

/** The JSON body the route validates. */
export type Body<M extends Method, P extends PathOf<M>> = OperationOf<M, P>['requestBody'] extends {
  content: { 'application/json': infer Json };
}
  ? Json
  : never;

/** The query string the route validates. */
export type Query<M extends Method, P extends PathOf<M>> = Exclude<OperationOf<M, P>['parameters']['query'], undefined>;

type Defined<T> = Exclude<T, undefined>;
/** Absent when the operation has none, optional when the document says so, else required. */
type Field<Name extends string, T> = [Defined<T>] extends [never]
  ? { [K in Name]?: never }
  : undefined extends T
    ? { [K in Name]?: Defined<T> }
    : { [K in Name]: T };

// A path segment is text on the wire: an id may be given as the number it is.
type PathValues<T> = T extends Record<string, string> ? { [K in keyof T]: string | number } : T;
type BodyOption<RequestBody> = RequestBody extends { content: { 'application/json': infer Json } } ? Json : RequestBody;

export type Options<M extends Method, P extends PathOf<M>> = Field<
  'path',
  PathValues<OperationOf<M, P>['parameters']['path']>
> &
  Field<'query', OperationOf<M, P>['parameters']['query']> &
  Field<'body', BodyOption<OperationOf<M, P>['requestBody']>> & {
    /** A multipart upload: the document does not describe the file field, the route reads the stream. */
    form?: FormData;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** SPEC's 10 s by default; a file upload on a phone connection needs longer. */
    timeoutMs?: number;
  };

type Args<M extends Method, P extends PathOf<M>> =
  Record<never, never> extends Options<M, P> ? [options?: Options<M, P>] : [options: Options<M, P>];

interface SendOptions {
  path?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** `/products/{id}` with `{ id: 7 }` and `{ limit: 24 }`: `/products/7?limit=24`; undefined query values are left out. */
export function urlOf(path: string, options: Pick<SendOptions, 'path' | 'query'> = {}): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(options.path?.[name])));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

export async function call<M extends Method, P extends PathOf<M>>(
  method: M,
  path: P,
  ...[options]: Args<M, P>
): Promise<Answer<M, P>> {
  const { form, body, signal, headers, timeoutMs, ...where } = (options ?? {}) as SendOptions;
  const answer = await apiRequest(urlOf(path, where), {
    method: method.toUpperCase() as Uppercase<Method>,
    body: form ?? body,
    signal,
    headers,
    timeoutMs,
  });
  return answer as Answer<M, P>;
}

const on =
  <M extends Method>(method: M) =>
  <P extends PathOf<M>>(path: P, ...args: Args<M, P>) =>
    call(method, path, ...args);

/** `api.get('/products/{id}', { path: { id } })`: the answer's envelope, typed by the document. */
export const api = { get: on('get'), post: on('post'), put: on('put'), delete: on('delete') };

/** A query function answering the `data` of a GET. */
export const getData =
  <P extends PathOf<'get'>>(path: P, ...[options]: Args<'get', P>) =>
  async ({ signal }: { signal: AbortSignal }): Promise<Data<'get', P>> =>
    ((await call('get', path, ...([{ ...options, signal }] as Args<'get', P>))) as { data: Data<'get', P> }).data;
