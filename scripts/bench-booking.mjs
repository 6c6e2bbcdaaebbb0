// Booking under load: customers book one-hour services with random employees, days and start times,
// so many requests race for the same time; then the agenda must hold: every 201 is one appointment,
// and (on PostgreSQL) no employee and no pet has two active appointments that overlap.
import { ADMIN, call, percentile, request, requireApi, signUp } from './bench-support.mjs';

const pg = requireApi('pg');

const CUSTOMERS = 20;
const PETS_EACH = 2;
const EMPLOYEES = 8;
const DAYS = 20;
const DURATION = 60;
const STARTS = Array.from({ length: 19 }, (_, i) => {
  const minutes = 8 * 60 + i * 30; // 08:00 … 17:00: the last start where one hour ends by 18:00
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

const businessDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/** The next `count` business dates (Monday to Saturday, when every employee works by default), from tomorrow. */
function nextWorkingDays(count) {
  const days = [];
  for (let offset = 1; days.length < count; offset += 1) {
    const instant = new Date(Date.now() + offset * 86_400_000);
    const date = businessDate.format(instant);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) days.push(date);
  }
  return days;
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

async function setUp(base) {
  const admin = (await request(base, '/api/auth/login', { method: 'POST', body: ADMIN })).data.token;
  const service = await request(base, '/api/services', {
    method: 'POST',
    token: admin,
    body: {
      name: `Banho Carga ${Date.now()}`,
      prices: { Pequeno: 50, Médio: 70, Grande: 90 },
      durationMinutes: DURATION,
    },
  });
  const serviceId = service.data.id;
  const employees = [];
  for (let i = 0; i < EMPLOYEES; i += 1) {
    const created = await request(base, '/api/employers', {
      method: 'POST',
      token: admin,
      body: { name: `Tosador Carga ${i}`, phone: '11987654321', position: 'Tosador', service_id: serviceId },
    });
    employees.push(created.data.id);
  }
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i += 1) {
    const token = await signUp(base, `booking.${i}`);
    const pets = [];
    for (let j = 0; j < PETS_EACH; j += 1) {
      const pet = await request(base, '/api/pets', {
        method: 'POST',
        token,
        body: { name: `Pet ${i}-${j}`, age: 3, specie: 'Cachorro', size: pick(['Pequeno', 'Médio', 'Grande']) },
      });
      pets.push(pet.data.id);
    }
    customers.push({ token, pets });
  }
  return { admin, serviceId, employees, customers };
}

/** Runs the load; answers the figures and what the agenda says afterwards. */
export async function benchBooking({ base, seconds, pgUrl }) {
  const { admin, serviceId, employees, customers } = await setUp(base);
  const days = nextWorkingDays(DAYS);
  const latencies = [];
  const statuses = {};
  let booked = 0;
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    customers.map(async (c) => {
      while (Date.now() < deadline) {
        const t0 = performance.now();
        const answer = await call(base, '/api/appointments', {
          method: 'POST',
          token: c.token,
          body: {
            service_id: serviceId,
            employer_id: pick(employees),
            pet_id: pick(c.pets),
            appointment_date: pick(days),
            appointment_time: pick(STARTS),
          },
        });
        latencies.push(performance.now() - t0);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 201) booked += 1;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  const problems = [];
  const listed = await countListed(base, admin, serviceId);
  if (listed !== booked) problems.push(`${booked} respostas 201, ${listed} agendamentos na lista`);
  for (const status of Object.keys(statuses)) {
    if (!['201', '409'].includes(status)) problems.push(`resposta inesperada ${status}`);
  }
  if (pgUrl) problems.push(...(await agendaInSql(pgUrl, serviceId, booked)));
  return {
    label: `POST /api/appointments (${DURATION} min)`,
    attempts: Math.round(latencies.length / elapsed),
    rps: Math.round(booked / elapsed),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    statuses: Object.entries(statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(' '),
    invariants: problems.length ? problems.join('; ') : 'ok',
  };
}

/** The service's appointments in the admin's list, page by page. */
async function countListed(base, admin, serviceId) {
  let count = 0;
  for (let offset = 0; ; offset += 200) {
    const page = await request(base, `/api/appointments/all?limit=200&offset=${offset}`, { token: admin });
    count += page.data.filter((a) => a.service_id === serviceId).length;
    if (page.data.length < 200) return count;
  }
}

/** The same agenda straight from the table: overlapping active appointments of one employee or one pet. */
async function agendaInSql(url, serviceId, booked) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const problems = [];
    const { rows } = await client.query(
      `with ours as (
         select id, employee_id, pet_id, during from appointments
          where service_id = $1 and status in ('Agendado', 'Em atendimento'))
       select (select count(*) from ours) as total,
              (select count(*) from ours a join ours b on a.id < b.id and a.employee_id = b.employee_id and a.during && b.during) as employee_overlaps,
              (select count(*) from ours a join ours b on a.id < b.id and a.pet_id = b.pet_id and a.during && b.during) as pet_overlaps`,
      [serviceId],
    );
    const [row] = rows;
    if (Number(row.total) !== booked) problems.push(`SQL: ${row.total} agendamentos ativos, ${booked} respostas 201`);
    if (Number(row.employee_overlaps)) problems.push(`SQL: ${row.employee_overlaps} sobreposições de funcionário`);
    if (Number(row.pet_overlaps)) problems.push(`SQL: ${row.pet_overlaps} sobreposições de pet`);
    return problems;
  } finally {
    await client.end();
  }
}
