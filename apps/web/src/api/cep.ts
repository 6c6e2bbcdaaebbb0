import { getData } from '../lib/api-client';

/** GET /cep/{cep}: the server caches the CEP service; here a CEP is asked once a session. */
export const cepQueryOptions = (cep: string) => ({
  queryKey: ['cep', cep],
  queryFn: getData('/cep/{cep}', { path: { cep } }),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});
