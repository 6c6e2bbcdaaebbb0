import Fastify from 'fastify';
import { createPixStandIn, type PixStandIn, type PixStandInOptions } from './pix/pix-stand-in';

export type { PixStandIn, SandboxFaults, SandboxPayOutcome } from './pix/pix-stand-in';
export { createPixStandIn } from './pix/pix-stand-in';

export interface RunningPixStandIn {
  url: string;
  /** the stand-in with its test switches (faults, token revocation, paying regardless) */
  pix: PixStandIn;
  /** requests for a token so far */
  tokenRequests(): number;
  stop(): Promise<void>;
}

/**
 * The Pix PSP stand-in on a loopback port of its own, as an outside PSP: the shop reaches it only
 * over HTTP (PIX_API_URL) and it calls the shop's webhook over HTTP. For tests; refused in production.
 */
export async function startPixStandIn(options: Omit<PixStandInOptions, 'log'>): Promise<RunningPixStandIn> {
  if (process.env.NODE_ENV === 'production') throw new Error('the PSP stand-ins are for tests, not production');
  const server = Fastify({ logger: false });
  let tokens = 0;
  server.addHook('onRequest', async (request) => {
    if (request.url.endsWith('/oauth/token')) tokens += 1;
  });
  const pix = createPixStandIn({ ...options, log: server.log });
  await server.register(pix.routes);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    pix,
    tokenRequests: () => tokens,
    async stop() {
      await pix.whenIdle();
      await server.close();
    },
  };
}
