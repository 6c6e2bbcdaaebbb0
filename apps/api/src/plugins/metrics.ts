import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import type { JobRunner } from '../jobs/job-runner';
import { unauthorized } from '../lib/app-error';
import * as messages from '../modules/messages/messages.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's own metrics registry (not prom-client's global one: tests build many apps). */
    metrics: Registry;
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /api/metrics` in Prometheus text format for whoever holds `METRICS_TOKEN` (404 without the
 * setting): requests and latency per route, the PostgreSQL pool, and the outbox backlog.
 */
export function registerMetrics(app: FastifyInstance, db: Db, token: string | undefined) {
  const registry = new Registry();
  app.decorate('metrics', registry);
  // Off unless a token is set: no hook, no counters and no route, so a request pays nothing for it
  // (the route would only answer 404, which the not-found handler already does).
  if (!token) return;

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request',
    labelNames,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      // The route pattern, never the raw URL: ids and search terms would explode the label set.
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const pool = client;
    const poolGauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    poolGauge('db_pool_connections', 'Connections open in the pool', () => pool.totalCount);
    poolGauge('db_pool_idle_connections', 'Idle connections in the pool', () => pool.idleCount);
    poolGauge('db_pool_waiting_requests', 'Queries waiting for a connection', () => pool.waitingCount);
  }
  new Gauge({
    name: 'outbox_due_messages',
    help: 'Messages due and not sent yet',
    registers: [registry],
    async collect() {
      this.set(await messages.dueBacklog(db));
    },
  });

  app.get('/api/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameToken(given, token)) throw unauthorized('Token de métricas inválido.');
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
}

/** Jobs waiting per queue (pg-boss), read at scrape time; nothing when metrics are off. */
export function registerJobMetrics(app: FastifyInstance, jobs: JobRunner, token: string | undefined) {
  if (!token) return;
  new Gauge({
    name: 'jobs_queued',
    help: 'Background jobs waiting to run, per queue',
    labelNames: ['queue'],
    registers: [app.metrics],
    async collect() {
      for (const [queue, size] of Object.entries(await jobs.queued())) this.set({ queue }, size);
    },
  });
}
