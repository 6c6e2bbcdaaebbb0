// Availability figures: GET /appointments/availability with 20 employees (half with their own
// working hours and days off) and 10,000 active appointments; p50 and p99 of 200 calls through the
// app, and the plans of its two reads (the day's busy times, the employee's schedule).
// Writes test data: point DATABASE_URL at a scratch PostgreSQL database (PGlite in memory without it).
// Usage: DATABASE_URL=postgres://… node --import tsx scripts/measure-availability.ts
import { addDays } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { DAYS, EMPLOYEES, loginHeaders, openBookingFixture, STORES } from './measure-support/booking-fixture';
import { CALLS, timeGets } from './measure-support/call-timing';

const { database, db, app, tag, staff, firstDay, close } = await openBookingFixture();

const email = `cliente.${tag}@exemplo.com.br`;
const registered = await app.inject({
  method: 'POST',
  url: '/api/user',
  payload: { email, password: 'senha-segura-123', cpf: '11144477735', name: 'Cliente Medição', phone: '11987654321' },
});
if (registered.statusCode !== 201) throw new Error(registered.body);
const headers = await loginHeaders(app, email, 'senha-segura-123');

const times = await timeGets(app, headers, (i) => {
  const employee = staff[(i * 7) % EMPLOYEES];
  return `/api/appointments/availability?employer_id=${employee?.id}&date=${addDays(firstDay, (i * 11) % DAYS)}`;
});
const [count] = (
  (await db.execute(sql`select count(*)::int as n from appointments where status = 'Agendado'`)) as unknown as {
    rows: { n: number }[];
  }
).rows;
console.log(
  `${CALLS} chamadas de disponibilidade, ${EMPLOYEES} funcionários em ${STORES} loja(s), ${count?.n} agendamentos ativos: ${times} (banco: ${database.kind})`,
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

await close();
