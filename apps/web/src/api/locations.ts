import { getData } from '../lib/api-client';

/** IBGE reference data: fetched once a session. */
export const statesQueryOptions = () => ({
  queryKey: ['states'],
  queryFn: getData('/states'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Waits until a state is chosen. */
export const citiesQueryOptions = (stateId: number | undefined) => ({
  queryKey: ['cities', stateId ?? 0],
  queryFn: getData('/cities/cityToState/{stateId}', { path: { stateId: stateId ?? 0 } }),
  staleTime: Number.POSITIVE_INFINITY,
  enabled: stateId !== undefined,
});
