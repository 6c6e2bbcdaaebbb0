import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { messages } from '../src/db/schema';
import { createJobRunner, type JobRunner } from '../src/jobs/job-runner';
import { createTestContext, type TestContext } from './helper';
import { type SmtpStandIn, startSmtpStandIn } from './support/smtp-stand-in';

// pg-boss creates its schema and polls once a second: room for a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let t: TestContext;
let smtp: SmtpStandIn;
const runners: JobRunner[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => Promise<boolean> | boolean, ms = 30_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(50);
  }
  return Date.now() - started;
};

const runner = (jobs: Parameters<typeof createJobRunner>[2]) => {
  const r = createJobRunner(t.db, t.app.log, jobs);
  runners.push(r);
  return r;
};

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestContext({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  for (const r of runners) await r.stop(2000);
  await t.close();
  await smtp.stop();
});

describe('the job runner', () => {
  it('repeats a job, never two runs at once even with two instances, and stops cleanly', async () => {
    let running = 0;
    let overlap = 0;
    let runs = 0;
    const job = {
      name: 'test-tick',
      everySeconds: 1,
      async run() {
        running += 1;
        if (running > 1) overlap += 1;
        runs += 1;
        await sleep(300);
        running -= 1;
      },
    };
    const a = runner([job]);
    const b = runner([job]);
    await Promise.all([a.start(), b.start()]);
    await until(() => runs >= 4);
    await Promise.all([a.stop(), b.stop()]);
    const after = runs;
    await sleep(2500);
    expect(overlap).toBe(0);
    expect(runs).toBe(after);
  });

  it('retries a failing job with growing pauses, then goes on', async () => {
    const at: number[] = [];
    const r = runner([
      {
        name: 'test-flaky',
        everySeconds: 60,
        async run() {
          at.push(Date.now());
          if (at.length < 3) throw new Error('falha de teste');
        },
      },
    ]);
    await r.start();
    await until(() => at.length >= 3, 60_000).catch((e) => {
      throw new Error(`${e.message}: ran ${at.length} times`);
    });
    await r.stop();
    const [first = 0, second = 0, third = 0] = at;
    expect(second - first).toBeGreaterThanOrEqual(1500);
    expect(third - second).toBeGreaterThan(second - first);
  });
});

/**
 * A job whose first run hangs until `release`, taken by runner A; a runner B then starts beside it.
 * `before` turns A's hanging run into what a dead process would have left.
 */
async function hungRunTakenOver(name: string, before: () => Promise<unknown>) {
  let calls = 0;
  let release = () => {};
  const hanging = new Promise<void>((resolve) => {
    release = resolve;
  });
  const job = {
    name,
    everySeconds: 60,
    async run() {
      calls += 1;
      if (calls === 1) await hanging;
    },
  };
  await runner([job]).start();
  await until(() => calls === 1);
  await before();
  await runner([job]).start();
  return { calls: () => calls, release };
}

describe('a run whose process died', () => {
  it('is handed back to its queue at once, not after its two-minute expiry', async () => {
    // The run now belongs to an owner that is gone: a process killed in the middle of it (the real
    // thing, a SIGKILLed process, is payment-expiry-restart.test.ts).
    const run = await hungRunTakenOver('test-orphan', () =>
      t.db.execute(
        sql`update pgboss.job set data = data || '{"owner": 12345}'::jsonb where name = 'test-orphan' and state = 'active'`,
      ),
    );
    const took = await until(() => run.calls() >= 2, 20_000);
    run.release();
    expect(took).toBeLessThan(15_000);
  });

  it('hands back a run taken by a process that died before it could mark the run as its own', async () => {
    // As if killed in the moment between pg-boss handing the run over and the owner mark: no owner,
    // started a while ago. Its 'stately' queue would start nothing else until the two-minute expiry.
    const run = await hungRunTakenOver('test-unmarked', () =>
      t.db.execute(
        sql`update pgboss.job set data = data - 'owner', started_on = now() - interval '1 minute'
             where name = 'test-unmarked' and state = 'active'`,
      ),
    );
    const took = await until(() => run.calls() >= 2, 20_000);
    run.release();
    expect(took).toBeLessThan(15_000);
  });

  it('leaves alone a run just taken that is not marked yet', async () => {
    const run = await hungRunTakenOver('test-fresh', () =>
      t.db.execute(sql`update pgboss.job set data = data - 'owner' where name = 'test-fresh' and state = 'active'`),
    );
    await sleep(7000);
    run.release();
    expect(run.calls()).toBe(1);
  });
});

describe('the outbox, driven by the runner', () => {
  it('sends what a sign-up wrote within seconds, once, with two instances running', async () => {
    const other = await buildApp({ config: t.config, db: t.db, logger: false });
    await other.ready();
    await Promise.all([t.app.jobs.start(), other.jobs.start()]);
    try {
      const people = await Promise.all([t.customer(), t.customer(), t.customer()]);
      const started = Date.now();
      for (const person of people) {
        await until(() => smtp.received.some((mail) => mail.to === person.user.email));
      }
      const took = Date.now() - started;
      expect(took).toBeLessThan(15_000);
      await sleep(3000);
      for (const person of people) {
        expect(smtp.received.filter((mail) => mail.to === person.user.email)).toHaveLength(1);
        const [row] = await t.db.select().from(messages).where(eq(messages.userId, person.user.id));
        expect(row?.status).toBe('enviada');
      }
    } finally {
      await other.close();
    }
  });

  it('picks up after a restart what was written while no runner ran', async () => {
    await t.app.jobs.stop();
    const person = await t.customer();
    await sleep(1500);
    expect(smtp.received.some((mail) => mail.to === person.user.email)).toBe(false);
    const restarted = await buildApp({ config: t.config, db: t.db, logger: false });
    await restarted.ready();
    try {
      await restarted.jobs.start();
      await until(() => smtp.received.some((mail) => mail.to === person.user.email));
    } finally {
      await restarted.close();
    }
  });
});
