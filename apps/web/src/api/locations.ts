import { api, dataOf } from '../lib/typed-api';

/** IBGE reference data: fetched once a session. Typed from the OpenAPI document (lib/typed-api.ts). */
export const statesQueryOptions = () => ({
  queryKey: ['states'],
  queryFn: ({ signal }: { signal: AbortSignal }) => dataOf(api.GET('/api/states', { signal })),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Waits until a state is chosen. */
export const citiesQueryOptions = (stateId: number | undefined) => ({
  queryKey: ['cities', stateId ?? 0],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    dataOf(
      api.GET('/api/cities/cityToState/{stateId}', { params: { path: { stateId: String(stateId ?? 0) } }, signal }),
    ),
  staleTime: Number.POSITIVE_INFINITY,
  enabled: stateId !== undefined,
});
