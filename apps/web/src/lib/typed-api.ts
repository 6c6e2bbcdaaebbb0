import createClient from 'openapi-fetch';
import type { paths } from '../api/schema.gen';
import { errorOf, sendToApi } from './api-client';
import { getToken } from './session';

/**
 * The API as its OpenAPI document describes it: paths, parameters and answers are typed from
 * `api/schema.gen.ts` (`npm run openapi`), so a route that changes shape fails the web's typecheck.
 * Same token, time-out and errors as `apiRequest`.
 */
export const api = createClient<paths>({
  credentials: 'same-origin',
  fetch: (request) => {
    const token = getToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    return sendToApi(request, { signal: request.signal });
  },
});

/** The `data` of a 2xx answer; any other answer throws its ApiError. */
export async function dataOf<T>(pending: Promise<{ data?: { data: T }; error?: unknown; response: Response }>) {
  const { data, error, response } = await pending;
  if (!response.ok || !data) throw errorOf(response.status, error);
  return data.data;
}
