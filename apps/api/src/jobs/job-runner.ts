import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { jobDatabase } from './pg-boss-db';
import { createRunOwners } from './run-owners';

/** What a run knows of the instance running it. */
export interface JobContext {
  /** this instance's owner key, held while it lives, and which other keys' instances are gone */
  owner: { key: number; gone(keys: number[]): Promise<Set<number>> };
}

/** A piece of background work the app repeats. */
export interface RepeatingJob {
  name: string;
  /** seconds between the end of one run and the start of the next */
  everySeconds: number;
  run(context: JobContext): Promise<unknown>;
}

export interface JobRunner {
  /**
   * Creates pg-boss's schema and this app's queues over `owner` (the role that owns the tables),
   * so the app's own role, which may create nothing, finds them made when it starts.
   */
  install(owner: Db): Promise<void>;
  start(): Promise<void>;
  /** Takes no new job, waits for the running ones (up to `timeoutMs`), then lets go of the database. */
  stop(timeoutMs?: number): Promise<void>;
  /** Jobs waiting per queue, for the metrics. */
  queued(): Promise<Record<string, number>>;
}

/**
 * Background jobs on pg-boss, stored in the app's database (schema `pgboss`). Each repeating job
 * is a chain: a run ends by queueing the next one `everySeconds` later. The queue's 'stately'
 * policy keeps at most one waiting and one running job per name across every instance, and
 * pg-boss hands a job to one worker only (SKIP LOCKED), so a run never happens twice at once.
 * A cron entry every minute re-queues a chain that a crash broke. A failed run is retried with
 * exponential backoff; a run whose instance died is handed back at once (run-owners.ts), or at
 * the latest when it expires after two minutes, and runs elsewhere.
 */
const DEADLOCK = '40P01';

/**
 * Two instances starting together create the same queues and partitions at once; PostgreSQL may
 * pick one of them as a deadlock victim. Its work is done by the other: try again shortly.
 */
async function retryOnDeadlock<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

const SCHEMA = 'pgboss';

/** Every instance asks for the same queues; a queue that exists is left as it is. */
async function createQueues(instance: PgBoss, jobs: RepeatingJob[]) {
  for (const job of jobs) {
    await retryOnDeadlock(() =>
      instance.createQueue(job.name, {
        name: job.name,
        policy: 'stately',
        retryLimit: 5,
        retryDelay: 2,
        retryBackoff: true,
        expireInSeconds: 120,
      }),
    );
  }
}

export function createJobRunner(db: Db, log: FastifyBaseLogger, jobs: RepeatingJob[]): JobRunner {
  let boss: PgBoss | undefined;
  let stopping: Promise<void> | undefined;
  const owners = createRunOwners(db, log);

  const next = (instance: PgBoss, job: RepeatingJob, inSeconds = job.everySeconds) =>
    instance.send(job.name, {}, { startAfter: inSeconds, singletonKey: job.name }).catch((error: unknown) => {
      log.warn({ err: error, job: job.name }, 'could not queue the next run');
    });

  return {
    async install(owner) {
      const installer = new PgBoss({
        db: jobDatabase(owner),
        schema: SCHEMA,
        migrate: true,
        supervise: false,
        schedule: false,
      });
      installer.on('error', (error) => log.error({ err: error }, 'job schema install error'));
      await retryOnDeadlock(() => installer.start());
      try {
        await createQueues(installer, jobs);
      } finally {
        await installer.stop({ graceful: false, close: false });
      }
    },

    async start() {
      if (boss) return;
      const instance = new PgBoss({
        db: jobDatabase(db),
        schema: SCHEMA,
        migrate: true,
        supervise: true,
        schedule: true,
        maintenanceIntervalSeconds: 60,
      });
      instance.on('error', (error) => log.error({ err: error }, 'job runner error'));
      boss = instance;
      try {
        await retryOnDeadlock(() => instance.start());
        await createQueues(instance, jobs);
        // Runs left by a process that died would hold their queues until they expire.
        await owners.start(
          instance,
          jobs.map((job) => job.name),
        );
        for (const job of jobs) {
          await retryOnDeadlock(() => instance.schedule(job.name, '* * * * *', {}, { singletonKey: job.name }));
          await instance.work(job.name, { pollingIntervalSeconds: 1 }, async ([run]) => {
            if (run) await owners.claim(job.name, run.id);
            // A run that throws is retried by pg-boss with backoff; the cron entry restarts the
            // chain if every retry fails.
            await job.run({ owner: owners });
            if (!stopping) await next(instance, job);
          });
          // The first run at once: work may be waiting since the last time the app ran.
          await next(instance, job, 0);
        }
      } catch (error) {
        await owners.stop();
        await instance.stop({ graceful: false, close: false }).catch(() => {});
        boss = undefined;
        throw error;
      }
    },

    stop(timeoutMs = 8000) {
      stopping ??= (async () => {
        if (!boss) return;
        await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
        await owners.stop();
      })();
      return stopping;
    },

    async queued() {
      if (!boss || stopping) return {};
      const instance = boss;
      const sizes = await Promise.all(
        jobs.map(async (job) => [job.name, await instance.getQueueSize(job.name)] as const),
      );
      return Object.fromEntries(sizes);
    },
  };
}
