// Staff agenda figures: GET /admin/agenda for a day and for a week with 20 employees (half with
// their own hours and days off) and 10,000 appointments over 50 days (a tenth cancelled, a fifth
// done); p50 and p99 of 200 calls each through the app, and the plan of the agenda's main read.
// Writes test data: point DATABASE_URL at a scratch PostgreSQL database (PGlite in memory without it).
// Usage: DATABASE_URL=postgres://… node --import tsx scripts/measure-agenda.ts
import { APPOINTMENT_STATUS, addDays, businessMoment } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { appointments, employees, pets, services, users } from '../apps/api/src/db/schema';
import { ensureAdmin } from '../apps/api/src/db/seed/admin';
import { listAgendaRows } from '../apps/api/src/modules/agenda/agenda.repository';
import { replaceSchedule } from '../apps/api/src/modules/employees/employee-schedule.repository';

const EMPLOYEES = 20;
const APPOINTMENTS = 10_000;
const CALLS = 200;
/** 10 one-hour-apart appointments per employee per day: 10,000 fill 50 days. */
const PER_DAY = 10;
const DAYS = APPOINTMENTS / (EMPLOYEES * PER_DAY);

const database = openDatabase({ url: process.env.DATABASE_URL, dataDir: 'memory://', poolSize: 10 });
await database.migrate();
const { db } = database;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'measure-secret-that-is-long-enough-000000',
  DATA_DIR: 'memory://',
  WEB_DIST: '/nonexistent',
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const app = await buildApp({ config, db, logger: false });

const tag = Date.now().toString(36);
const serviceRows = await db
  .insert(services)
  .values(
    ([30, 60, 30, 60] as const).map((durationMinutes, i) => ({
      name: `Medição ${tag} ${i}`,
      durationMinutes,
      priceCents: 5000,
      priceSmallCents: 5000,
      priceMediumCents: 5000,
      priceLargeCents: 5000,
    })),
  )
  .returning({ id: services.id, durationMinutes: services.durationMinutes });
const staff = await db
  .insert(employees)
  .values(
    Array.from({ length: EMPLOYEES }, (_, i) => ({
      name: `Funcionário ${String(i).padStart(2, '0')}`,
      phone: '11987654321',
      position: 'Banhista',
      serviceId: serviceRows[i % serviceRows.length]?.id ?? 0,
    })),
  )
  .returning({ id: employees.id, serviceId: employees.serviceId });
const [owner] = await db
  .insert(users)
  .values({
    name: 'Medição',
    email: `medicao.${tag}@exemplo.com.br`,
    cpf: '52998224725',
    phone: '11987654321',
    passwordHash: '!',
  })
  .returning({ id: users.id });
const petRows = await db
  .insert(pets)
  .values(
    staff.map((_, i) => ({ userId: owner?.id ?? 0, name: `Pet ${i}`, age: 3, specie: 'Cachorro', size: 'Médio' })),
  )
  .returning({ id: pets.id });

const firstDay = addDays(businessMoment().date, 1);
const duration = (serviceId: number) => serviceRows.find((s) => s.id === serviceId)?.durationMinutes ?? 30;
/** A tenth cancelled, a fifth done, the rest scheduled. */
const statusOf = (k: number) =>
  k % 10 === 0 ? APPOINTMENT_STATUS.cancelled : k % 5 === 1 ? APPOINTMENT_STATUS.done : APPOINTMENT_STATUS.scheduled;
const rows = staff.flatMap((e, i) =>
  Array.from({ length: DAYS * PER_DAY }, (_, k) => ({
    userId: owner?.id ?? 0,
    petId: petRows[i]?.id ?? 0,
    serviceId: e.serviceId,
    employeeId: e.id,
    appointmentDate: addDays(firstDay, Math.floor(k / PER_DAY)),
    appointmentTime: `${String(8 + (k % PER_DAY)).padStart(2, '0')}:00`,
    durationMinutes: duration(e.serviceId),
    priceCents: 5000,
    status: statusOf(k),
  })),
);
for (let i = 0; i < rows.length; i += 1000) await db.insert(appointments).values(rows.slice(i, i + 1000));
await db.transaction(async (tx) => {
  for (const e of staff.slice(0, EMPLOYEES / 2)) {
    await replaceSchedule(tx, e.id, {
      week: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      daysOff: Array.from({ length: 30 }, (_, d) => addDays(firstDay, d * 3)),
    });
  }
});
await db.execute(sql`analyze`);

const adminEmail = `admin.${tag}@exemplo.com.br`;
await ensureAdmin(db, adminEmail, 'admin-senha-123');
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email: adminEmail, password: 'admin-senha-123' },
});
const headers = { authorization: `Bearer ${login.json().data.token as string}` };

async function measure(days: 1 | 7) {
  const call = async (i: number) => {
    const date = addDays(firstDay, (i * 11) % (DAYS - days));
    const started = performance.now();
    const res = await app.inject({ url: `/api/admin/agenda?date=${date}&days=${days}`, headers });
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(res.body);
    return ms;
  };
  for (let i = 0; i < 20; i += 1) await call(i);
  const times: number[] = [];
  for (let i = 0; i < CALLS; i += 1) times.push(await call(i));
  times.sort((a, b) => a - b);
  const percentile = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0).toFixed(2);
  return `p50 ${percentile(50)} ms, p99 ${percentile(99)} ms`;
}

const [count] = (
  (await db.execute(sql`select count(*)::int as n from appointments`)) as unknown as { rows: { n: number }[] }
).rows;
console.log(`${EMPLOYEES} funcionários, ${count?.n} agendamentos, banco: ${database.kind}`);
console.log(`${CALLS} chamadas de um dia:    ${await measure(1)}`);
console.log(`${CALLS} chamadas de uma semana: ${await measure(7)}`);

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

await app.close();
await database.close();
