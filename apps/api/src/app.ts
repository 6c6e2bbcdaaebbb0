import { randomUUID } from 'node:crypto';
import './lib/zod-locale';
import { createSandboxes } from '@petshop/sandbox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { appJobs } from './jobs/app-jobs';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { serializeError, serializeRequest } from './lib/log-serializers';
import { createRateLimiter } from './lib/rate-limiter';
import { messageGuards } from './message-guards';
import { createMessageDelivery, transportsFromConfig } from './modules/messages/message-delivery';
import { chargeOutcomes as orderChargeOutcomes } from './modules/orders/order-lifecycle';
import { keepOrderLinesWith } from './modules/orders/order-line-keeper';
import { packageOrderLines } from './modules/packages/package-order-lines';
import { cardsFromConfig } from './modules/payments/card-setup';
import { outcomesByOwner } from './modules/payments/charge-outcomes';
import {
  defaultPaymentProvider,
  type MercadoPago,
  type PixApi,
  type PixAutomatico,
  PspUnavailableError,
} from './modules/payments/payment-clients';
import { pixFromConfig } from './modules/payments/pix-setup';
import { createPlanPayments, type PlanPayments } from './modules/payments/plan-payments';
import { sandboxModeRoutes, sandboxPayRoutes } from './modules/payments/sandbox-pay.routes';
import { cycleChargeOutcomes } from './modules/plans/cycle-outcomes';
import { plansSandboxRoutes } from './modules/plans/plans-sandbox.routes';
import { posChargeOutcomes } from './modules/pos/pos-charge-outcomes';
import { diskImageStorage } from './modules/product-images/image-storage';
import { sessionUser } from './modules/staff/staff.service';
import { authPlugin } from './plugins/auth';
import { registerCatalogCache } from './plugins/catalog-cache';
import { watchCatalogChanges } from './plugins/catalog-changes';
import { registerCompression } from './plugins/compression';
import { registerConditionalGet } from './plugins/conditional-get';
import { registerDocs } from './plugins/docs';
import { registerDraining } from './plugins/draining';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerJobMetrics, registerMetrics } from './plugins/metrics';
import { RequestLog } from './plugins/request-log';
import { registerRouteGroups } from './plugins/route-groups';
import { registerSecurity } from './plugins/security';
import { registerUploads } from './plugins/uploads';
import { registerWebApp } from './plugins/web-app';
import { routeTable } from './route-table';

export interface BuildOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
}

/** Composes plugins, then routes. Tests build it per file and call `inject`. */
export async function buildApp({ config, db, logger }: BuildOptions) {
  // Whatever logger a caller passes, errors and requests go through the redacting serializers.
  const serializers = { err: serializeError, req: serializeRequest };
  const app = Fastify({
    logger:
      logger === false
        ? false
        : { level: config.LOG_LEVEL, ...(typeof logger === 'object' ? logger : {}), serializers },
    bodyLimit: 100 * 1024,
    // A client that trickles its headers or body (slowloris) is cut after REQUEST_TIMEOUT_MS with a
    // 408; the server checks its connections often enough for that to be on time.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    clientErrorHandler,
    http: {
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(5000, Math.ceil(config.REQUEST_TIMEOUT_MS / 4)),
    },
    // One line per request instead of two, none for cached reads.
    logController: new RequestLog(),
    // Draining answers with the API's own 503 body (plugins/draining.ts).
    return503OnClosing: false,
    frameworkErrors,
    // SPEC calls `POST /user/`; any route answers with or without the trailing slash.
    routerOptions: { ignoreTrailingSlash: true },
    // A hop count trusts the nearest hops (the socket's peer is hop 0); a list, those addresses.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const loginLimiter = createRateLimiter(config.REDIS_URL, config.LOGIN_WINDOW_SECONDS, app.log);
  app.addHook('onClose', () => loginLimiter.close());
  const messageDelivery = createMessageDelivery({
    db,
    config,
    log: app.log,
    guards: messageGuards,
    ...transportsFromConfig(config),
  });
  app.addHook('onClose', async () => messageDelivery.close());
  const catalogChanges = watchCatalogChanges(db, app.log);
  app.addHook('onClose', () => catalogChanges.close());
  const imageStorage = diskImageStorage(config.UPLOADS_DIR);
  const self = () => selfUrl(app.server.address());
  const { pix, pixAutomatico, standIn: pixStandIn, pixKey } = pixFromConfig(config, self);
  const { cards, standIn: cardStandIn, publicKey, tokenizeUrl } = cardsFromConfig(config, self);
  const sandboxes =
    pixStandIn || cardStandIn ? createSandboxes({ db, log: app.log, pix: pixStandIn, cards: cardStandIn }) : undefined;
  app.addHook('onClose', async () => {
    await sandboxes?.whenIdle();
    await pix.close();
    await pixAutomatico.close();
  });
  app.decorate('pixApi', pix);
  app.decorate('pixAutomatico', pixAutomatico);
  app.decorate('cardPsp', cards);
  const paymentProvider = defaultPaymentProvider({ pix, pixKey, cards });
  const chargeOutcomes = outcomesByOwner({
    order: orderChargeOutcomes,
    pos_sale: posChargeOutcomes,
    subscription_cycle: cycleChargeOutcomes,
  });
  const planPayments = createPlanPayments({ db, pix, pixAutomatico, cards, log: app.log, outcomes: chargeOutcomes });
  app.decorate('planPayments', planPayments);
  keepOrderLinesWith(packageOrderLines);
  const deps = {
    config,
    db,
    loginLimiter,
    messageDelivery,
    catalogChanges,
    imageStorage,
    pix,
    pixAutomatico,
    cards,
    cardClient: { publicKey, tokenizeUrl },
    sandboxPayments: Boolean(sandboxes),
    paymentProvider,
    chargeOutcomes,
    planPayments,
  };

  const jobs = createJobRunner(db, app.log, appJobs(deps, app.log));
  app.decorate('jobs', jobs);
  // Before the database closes (onClose): running jobs finish, none starts.
  app.addHook('preClose', () => jobs.stop());

  registerErrorHandler(app);
  registerDraining(app);
  registerInputGuard(app);
  registerMetrics(app, db, config.METRICS_TOKEN);
  registerJobMetrics(app, jobs, config.METRICS_TOKEN);
  // Before the cache, which may answer from onRequest: its answers carry the headers too.
  // A real card PSP tokenizes at its own origin and sends 3-D Secure to the issuer's page.
  registerSecurity(app, cardStandIn || !tokenizeUrl ? undefined : { tokenizeOrigin: new URL(tokenizeUrl).origin });
  registerCatalogCache(app, catalogChanges);
  // The ETag hook must see the JSON before compression turns it into a stream.
  registerConditionalGet(app);
  await registerCompression(app);
  await registerDocs(app);
  await app.register(authPlugin, { config, findSessionUser: (id) => sessionUser(db, id) });

  await app.register(
    async (api) => {
      await registerRouteGroups(api, routeTable, deps);
      if (sandboxes) {
        await api.register(
          async (standIns) => {
            // The stand-ins speak their PSP's API, not the shop's: left out of the shop's OpenAPI document.
            standIns.addHook('onRoute', (route) => {
              route.schema = { ...route.schema, hide: true };
            });
            await standIns.register(sandboxes.plugin);
          },
          { prefix: '/sandbox' },
        );
        await registerRouteGroups(api, [sandboxModeRoutes, sandboxPayRoutes, plansSandboxRoutes], {
          ...deps,
          sandboxBank: sandboxes.pix,
          cardBank: sandboxes.cards,
        });
      }
    },
    { prefix: '/api' },
  );

  await registerUploads(app, config.UPLOADS_DIR);
  await registerWebApp(app, config.WEB_DIST);
  return app;
}

/** Where this instance can be reached from itself, for the embedded sandbox PSP. */
function selfUrl(address: ReturnType<import('node:net').Server['address']>) {
  if (!address || typeof address === 'string') throw new PspUnavailableError('the app is not listening yet');
  if (address.address === '0.0.0.0' || address.address === '::') return `http://127.0.0.1:${address.port}`;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs; `main.ts` starts them once the database is prepared (tests start them when they need them). */
    jobs: JobRunner;
    /** the PSP's API Pix as the app talks to it (tests run the jobs' steps with it) */
    pixApi: PixApi;
    /** the PSP's Pix Automático endpoints (tests run the subscription jobs with it) */
    pixAutomatico: PixAutomatico;
    /** the card PSP as the app talks to it */
    cardPsp: MercadoPago;
    /** what plans ask of the PSPs, through the payments module (tests run the subscription jobs with it) */
    planPayments: PlanPayments;
  }
}
