import type { paths } from '../api/schema.gen';

/**
 * The API as its OpenAPI document describes it: paths, parameters, bodies and answers are typed
 * from `api/schema.gen.ts` (`npm run openapi`), so a route that changes shape fails the web's
 * typecheck. Types only: `api` and `getData` of `lib/api-client.ts` carry these types over its
 * sender (same token, time-out and ApiError), so no client code of its own reaches the customer
 * pages (docs/decisions/0107-type-only-api-client.md).
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

type Sender<M extends Method> = <P extends PathOf<M>>(path: P, ...args: Args<M, P>) => Promise<Answer<M, P>>;

/** `api.get('/products/{id}', { path: { id } })` of `lib/api-client.ts`: the answer's envelope. */
export interface TypedApi {
  get: Sender<'get'>;
  post: Sender<'post'>;
  put: Sender<'put'>;
  delete: Sender<'delete'>;
}

/** `getData('/stores')` of `lib/api-client.ts`: a query function answering the `data` of a GET. */
export type GetData = <P extends PathOf<'get'>>(
  path: P,
  ...args: Args<'get', P>
) => (context: { signal: AbortSignal }) => Promise<Data<'get', P>>;
