import { cepParam, cepView } from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { envelope, errorBody } from '../../lib/http';
import { createRateLimiter } from '../../lib/rate-limiter';
import { PUBLIC, routeGroup } from '../../lib/route-group';
import * as service from './cep.service';
import { cachedCepProvider, httpCepProvider } from './cep-provider';

const WINDOW_SECONDS = 60;
const DAY_MS = 86_400_000;

/** Public CEP lookup for the address form; the CEP service sits behind CepProvider. */
export const cepRoutes = routeGroup<{ db: Db; config: Config }>(PUBLIC, async (app, { db, config }) => {
  const limiter = createRateLimiter(config.REDIS_URL, WINDOW_SECONDS, app.log);
  app.addHook('onClose', () => limiter.close());
  const ctx: service.CepContext = {
    db,
    limiter,
    maxPerWindow: config.CEP_RATE_LIMIT_PER_MINUTE,
    provider: cachedCepProvider(httpCepProvider({ baseUrl: config.CEP_API_URL, timeoutMs: config.CEP_TIMEOUT_MS }), {
      foundTtlMs: 7 * DAY_MS,
      unknownTtlMs: DAY_MS / 24,
      maxEntries: 10_000,
    }),
    onUnavailable: (err) => app.log.warn({ err }, 'CEP service unavailable'),
  };

  app.get(
    '/cep/:cep',
    {
      schema: {
        operationId: 'lookUpCep',
        tags: ['Localidades'],
        summary: 'Endereço de um CEP (rua, bairro, cidade e estado), para preencher o formulário',
        params: cepParam,
        response: { 200: envelope(cepView), 400: errorBody, 404: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const data = await service.lookup(ctx, request.ip, request.params.cep);
      reply.header('cache-control', 'public, max-age=86400');
      return { data };
    },
  );
});
