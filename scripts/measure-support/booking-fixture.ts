// The booking data the agenda and availability measurements share: the app on a migrated database
// (PGlite in memory, or DATABASE_URL), 20 employees over four services of 30 and 60 minutes, one
// customer with a pet per employee, 10 appointments per employee and day over 50 days from
// tomorrow (10,000), and half the employees with their own hours (Monday to Friday, 09:00–17:00)
// and 30 days off. MEASURE_STORES=3 MEASURE_EMPLOYEES=60 spreads 60 employees (30,000
// appointments) over the main store and two more, open Monday to Saturday 08:00–18:00.
import { APPOINTMENT_STATUS, type AppointmentStatus, addDays, businessMoment } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { appointments, employees, pets, services, storeHours, stores, users } from '../../apps/api/src/db/schema';
import { replaceSchedule } from '../../apps/api/src/modules/employees/employee-schedule.repository';

export const EMPLOYEES = Number(process.env.MEASURE_EMPLOYEES ?? 20);
/** How many stores the employees are spread over (the main one, then new ones). */
export const STORES = Number(process.env.MEASURE_STORES ?? 1);
/** 10 one-hour-apart appointments per employee per day, over 50 days. */
const PER_DAY = 10;
export const DAYS = 50;

/** `statusOf(k)`: the status of each employee's k-th appointment (all scheduled by default). */
export async function openBookingFixture(
  statusOf: (k: number) => AppointmentStatus = () => APPOINTMENT_STATUS.scheduled,
) {
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
  const [main] = await db.select({ id: stores.id }).from(stores).orderBy(stores.id).limit(1);
  const added =
    STORES > 1
      ? await db
          .insert(stores)
          .values(Array.from({ length: STORES - 1 }, (_, i) => ({ name: `Loja ${tag} ${i + 2}` })))
          .returning({ id: stores.id })
      : [];
  for (const store of added) {
    await db
      .insert(storeHours)
      .values(
        [1, 2, 3, 4, 5, 6].map((weekday) => ({ storeId: store.id, weekday, startTime: '08:00', endTime: '18:00' })),
      );
  }
  const storeIds = [main?.id ?? 1, ...added.map((s) => s.id)];
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
        storeId: storeIds[i % storeIds.length] ?? 1,
      })),
    )
    .returning({ id: employees.id, serviceId: employees.serviceId, storeId: employees.storeId });
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

  const close = async () => {
    await app.close();
    await database.close();
  };
  return { database, db, app, tag, staff, storeIds, firstDay, close };
}

/** The Authorization header of a login through the app. */
export async function loginHeaders(app: App, email: string, password: string) {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 201) throw new Error(login.body);
  return { authorization: `Bearer ${login.json().data.token as string}` };
}
