// Availability figures: GET /appointments/availability with 20 employees (half with their own
// working hours and days off) and 10,000 active appointments; p50 and p99 of 200 calls through the
// app, and the plans of its two reads (the day's busy times, the employee's schedule).
// Writes test data: point DATABASE_URL at a scratch PostgreSQL database (PGlite in memory without it).
// Usage: DATABASE_URL=postgres://… node --import tsx scripts/measure-availability.ts
import { addDays, businessMoment } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { appointments, employees, pets, services, users } from '../apps/api/src/db/schema';
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
      name: `Funcionário ${i}`,
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

const email = `cliente.${tag}@exemplo.com.br`;
const registered = await app.inject({
  method: 'POST',
  url: '/api/user',
  payload: { email, password: 'senha-segura-123', cpf: '11144477735', name: 'Cliente Medição', phone: '11987654321' },
});
if (registered.statusCode !== 201) throw new Error(registered.body);
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { email, password: 'senha-segura-123' },
});
const headers = { authorization: `Bearer ${login.json().data.token as string}` };

const call = async (i: number) => {
  const employee = staff[(i * 7) % EMPLOYEES];
  const date = addDays(firstDay, (i * 11) % DAYS);
  const started = performance.now();
  const res = await app.inject({
    url: `/api/appointments/availability?employer_id=${employee?.id}&date=${date}`,
    headers,
  });
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
const [count] = (
  (await db.execute(sql`select count(*)::int as n from appointments where status = 'Agendado'`)) as unknown as {
    rows: { n: number }[];
  }
).rows;
console.log(
  `${CALLS} chamadas de disponibilidade, ${EMPLOYEES} funcionários, ${count?.n} agendamentos ativos: p50 ${percentile(50)} ms, p99 ${percentile(99)} ms (banco: ${database.kind})`,
);

const explain = async (title: string, query: ReturnType<typeof sql>) => {
  const result = (await db.execute(sql`explain analyze ${query}`)) as unknown as { rows: Record<string, string>[] };
  console.log(`\n${title}`);
  for (const row of result.rows) console.log(`  ${Object.values(row)[0]}`);
};
const someone = staff[3]?.id ?? 0;
const someday = addDays(firstDay, 4);
// The same reads the availability service makes (appointments and employee-schedule repositories).
await explain(
  'horários ocupados do dia',
  sql`select appointment_time, duration_minutes from appointments where employee_id = ${someone} and status in ('Agendado', 'Em atendimento') and appointment_date = ${someday}`,
);
const scheduleRead = sql`select e.id, e.schedule_set_at,
    (select json_agg(json_build_object('weekday', h.weekday, 'start', h.start_time, 'end', h.end_time) order by h.weekday) from employee_hours h where h.employee_id = e.id),
    (select json_agg(to_char(d.day, 'YYYY-MM-DD') order by d.day) from employee_days_off d where d.employee_id = e.id and d.day >= ${someday} and d.day <= ${someday})
    from employees e where e.id in (${someone})`;
await explain('horário de trabalho e folgas do dia', scheduleRead);
// Tables this small are read whole; with seq scans off the plan shows the keys it uses as they grow.
await db.transaction(async (tx) => {
  await tx.execute(sql`set local enable_seqscan = off`);
  const result = (await tx.execute(sql`explain ${scheduleRead}`)) as unknown as { rows: Record<string, string>[] };
  console.log('\nhorário de trabalho e folgas do dia (sem leitura sequencial)');
  for (const row of result.rows) console.log(`  ${Object.values(row)[0]}`);
});

await app.close();
await database.close();
