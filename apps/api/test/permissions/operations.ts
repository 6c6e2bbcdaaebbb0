import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../helper';
import type { Request } from './permission-table';
import type { Caller, World } from './world';

export interface Operation {
  operationId: string;
  method: string;
  path: string;
}

/** Every operation of the app's OpenAPI document. */
export const operations = (t: TestContext): Operation[] => {
  const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
  return Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ operationId: op.operationId, method: method.toUpperCase(), path })),
  );
};

/** A matrix request sent as `caller` (a visitor sends no session). */
export const send = (w: World, caller: Caller, request: Request): Promise<LightMyRequestResponse> =>
  w.t.app.inject({
    method: request.method,
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload as string }),
    headers: { ...(caller === 'visitor' ? {} : w.as[caller].auth), ...request.headers },
  });
