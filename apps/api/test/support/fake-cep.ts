import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the stand-in answers: normally, with a 500, by dropping the connection, or too late. */
export type CepServiceMode = 'ok' | 'server-error' | 'hang-up' | 'slow';

export interface BrasilApiCep {
  cep: string;
  state: string;
  city: string;
  neighborhood?: string | null;
  street?: string | null;
}

export type FakeCep = Awaited<ReturnType<typeof startFakeCep>>;

/**
 * A local stand-in for BrasilAPI's CEP v2 service over HTTP on a port the OS picks:
 * GET /api/cep/v2/{cep} answers the address, or 404 with BrasilAPI's error body.
 */
export async function startFakeCep(known: BrasilApiCep[], slowMs = 2_000) {
  const addresses = new Map(known.map((a) => [a.cep, a]));
  let mode: CepServiceMode = 'ok';
  const requests: string[] = [];
  const stalled = new Set<() => void>();

  const server = createServer((request, response) => {
    const match = /^\/api\/cep\/v2\/(\d{8})$/.exec(request.url ?? '');
    if (!match?.[1]) {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'CEP deve conter exatamente 8 caracteres.', type: 'validation_error' }));
      return;
    }
    const cep = match[1];
    requests.push(cep);
    if (mode === 'hang-up') {
      request.socket.destroy();
      return;
    }
    if (mode === 'server-error') {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Internal Server Error</h1>');
      return;
    }
    const answer = () => {
      const found = addresses.get(cep);
      if (!found) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            name: 'CepPromiseError',
            message: 'Todos os serviços de CEP retornaram erro.',
            type: 'service_error',
            errors: [{ name: 'ServiceError', message: 'CEP NAO ENCONTRADO', service: 'correios' }],
          }),
        );
        return;
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ...found, service: 'open-cep', location: { type: 'Point', coordinates: {} } }));
    };
    if (mode === 'slow') {
      const timer = setTimeout(() => {
        stalled.delete(release);
        answer();
      }, slowMs);
      const release = () => clearTimeout(timer);
      stalled.add(release);
      return;
    }
    answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/cep/v2`,
    requests,
    setMode(next: CepServiceMode) {
      mode = next;
    },
    async close() {
      for (const release of stalled) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
