// Outbox figures: delay from enqueue to SMTP acceptance (p50, p95) and throughput with 1,000 queued
// messages, and what a 5-minute SMTP outage does to the backlog (simulated clock: each 5 s tick of the
// job runner shifts every schedule back by 5 s instead of waiting). Local SMTP stand-in on loopback;
// PGlite in memory, or PostgreSQL with DATABASE_URL.
// Usage: node --import tsx scripts/measure-outbox.ts
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../apps/api/src/db/client';
import { messages, users } from '../apps/api/src/db/schema';
import { messageGuards } from '../apps/api/src/message-guards';
import { createMessageDelivery } from '../apps/api/src/modules/messages/message-delivery';
import { smtpTransport } from '../apps/api/src/modules/messages/transports';
import { startSmtpStandIn } from '../apps/api/test/support/smtp-stand-in';

const QUEUED = Number(process.env.OUTBOX_MESSAGES ?? 1000);
const TICK_SECONDS = 5;
const OUTAGE_SECONDS = 300;

const database = openDatabase({ url: process.env.DATABASE_URL, dataDir: 'memory://' });
await database.migrate();
const { db } = database;
const smtp = await startSmtpStandIn();
const config = { APP_URL: 'http://localhost:3000', JWT_SECRET: 'measure-secret-that-is-long-enough-000000' };
const quiet = () => {};
const log = { info: quiet, warn: quiet, error: quiet, debug: quiet } as unknown as FastifyBaseLogger;
const delivery = createMessageDelivery({
  db,
  config,
  log,
  guards: messageGuards,
  mail: smtpTransport(smtp.url, 'PetCare <m@exemplo.com.br>'),
});

const [user] = await db
  .insert(users)
  .values({
    name: 'Medição',
    email: `medicao.${Date.now()}@exemplo.com.br`,
    cpf: '52998224725',
    phone: '11987654321',
    passwordHash: '!',
  })
  .returning({ id: users.id });
if (!user) throw new Error('no user');

async function enqueue(n: number, tag: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    userId: user?.id,
    channel: 'email',
    kind: 'account-created',
    eventKey: `measure:${tag}:${i}`,
    recipient: `${tag}-${i}@exemplo.com.br`,
    payload: { name: 'Cliente Medição' },
  }));
  for (let i = 0; i < rows.length; i += 200) await db.insert(messages).values(rows.slice(i, i + 200));
}
const pending = async () =>
  Number((await db.select({ n: sql<number>`count(*)` }).from(messages).where(sql`status = 'pendente'`))[0]?.n ?? 0);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

// 1. Throughput and delay: everything queued at once, the runner draining it.
const t0 = Date.now();
await enqueue(QUEUED, 'lote');
while ((await pending()) > 0) await delivery.run({ maxBatches: 1000 });
const elapsed = (Date.now() - t0) / 1000;
const delays = smtp.received
  .filter((m) => m.to.startsWith('lote-'))
  .map((m) => m.at - t0)
  .sort((a, b) => a - b);
console.log(
  `${QUEUED} mensagens: ${(QUEUED / elapsed).toFixed(0)} msg/s; atraso até o aceite SMTP p50 ${percentile(delays, 50)} ms, p95 ${percentile(delays, 95)} ms (banco: ${database.kind})`,
);

// 2. SMTP down for 5 minutes with 200 messages waiting, then back.
const timePasses = (seconds: number) =>
  db.execute(
    sql`update messages set send_after = send_after - make_interval(secs => ${seconds}), lease_until = lease_until - make_interval(secs => ${seconds}) where status = 'pendente'`,
  );
await enqueue(200, 'queda');
await smtp.stop();
for (let t = 0; t < OUTAGE_SECONDS; t += TICK_SECONDS) {
  await delivery.run();
  await timePasses(TICK_SECONDS);
}
const during = await db.execute(
  sql`select count(*)::int as n, max(attempts)::int as max_attempts from messages where status = 'pendente'`,
);
const [afterOutage] = (during as unknown as { rows: { n: number; max_attempts: number }[] }).rows;
await smtp.start();
let ticks = 0;
while ((await pending()) > 0 && ticks < 1000) {
  await delivery.run();
  await timePasses(TICK_SECONDS);
  ticks += 1;
}
const received = smtp.received.filter((m) => m.to.startsWith('queda-'));
const distinct = new Set(received.map((m) => m.to)).size;
const failed = await db.execute(sql`select count(*)::int as n from messages where status = 'falhou'`);
console.log(
  `SMTP fora por 5 min com 200 na fila: ${afterOutage?.n} pendentes ao voltar (no máximo ${afterOutage?.max_attempts} tentativas gastas), ` +
    `fila zerada ${ticks * TICK_SECONDS} s depois da volta; entregues ${distinct}/200, duplicadas ${received.length - distinct}, ` +
    `falharam ${(failed as unknown as { rows: { n: number }[] }).rows[0]?.n}`,
);

delivery.close();
await smtp.stop();
await database.close();
