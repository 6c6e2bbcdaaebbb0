// Staff agenda figures: GET /admin/agenda for a day and for a week with 20 employees (half with
// their own hours and days off) and 10,000 appointments over 50 days (a tenth cancelled, a fifth
// done); p50 and p99 of 200 calls each through the app, and the plan of the agenda's main read.
// Writes test data: point DATABASE_URL at a scratch PostgreSQL database (PGlite in memory without it).
// Usage: DATABASE_URL=postgres://… node --import tsx scripts/measure-agenda.ts
import { APPOINTMENT_STATUS, addDays } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { listAgendaRows } from '../apps/api/src/modules/agenda/agenda.repository';
import { ensureAdmin } from '../apps/api/src/modules/users/admin-account';
import { DAYS, EMPLOYEES, loginHeaders, openBookingFixture, STORES } from './measure-support/booking-fixture';
import { CALLS, timeGets } from './measure-support/call-timing';

/** A tenth cancelled, a fifth done, the rest scheduled. */
const statusOf = (k: number) =>
  k % 10 === 0 ? APPOINTMENT_STATUS.cancelled : k % 5 === 1 ? APPOINTMENT_STATUS.done : APPOINTMENT_STATUS.scheduled;
const { database, db, app, tag, firstDay, storeIds, close } = await openBookingFixture(statusOf);

const adminEmail = `admin.${tag}@exemplo.com.br`;
await ensureAdmin(db, adminEmail, 'admin-senha-123');
const headers = await loginHeaders(app, adminEmail, 'admin-senha-123');

/** Every store's columns, or (with several stores) one store's, as a store's staff open it. */
const measure = (days: 1 | 7, byStore = false) =>
  timeGets(
    app,
    headers,
    (i) =>
      `/api/admin/agenda?date=${addDays(firstDay, (i * 11) % (DAYS - days))}&days=${days}` +
      (byStore ? `&storeId=${storeIds[i % storeIds.length]}` : ''),
  );

const [count] = (
  (await db.execute(sql`select count(*)::int as n from appointments`)) as unknown as { rows: { n: number }[] }
).rows;
console.log(`${EMPLOYEES} funcionários em ${STORES} loja(s), ${count?.n} agendamentos, banco: ${database.kind}`);
console.log(`${CALLS} chamadas de um dia:    ${await measure(1)}`);
console.log(`${CALLS} chamadas de uma semana: ${await measure(7)}`);
if (STORES > 1) {
  console.log(`${CALLS} chamadas de um dia, uma loja:    ${await measure(1, true)}`);
  console.log(`${CALLS} chamadas de uma semana, uma loja: ${await measure(7, true)}`);
}

// The agenda's main read exactly as the repository builds it, with its parameters.
const client = (db as unknown as { $client: { query: (q: string, p: unknown[]) => Promise<{ rows: object[] }> } })
  .$client;
for (const days of [1, 7]) {
  const from = addDays(firstDay, 10);
  const query = listAgendaRows(db, from, addDays(from, days - 1)).toSQL();
  const { rows: plan } = await client.query(`explain analyze ${query.sql}`, query.params);
  console.log(`\nplano da agenda (${days === 1 ? 'um dia' : 'uma semana'})`);
  for (const row of plan) console.log(`  ${Object.values(row)[0]}`);
}

await close();
