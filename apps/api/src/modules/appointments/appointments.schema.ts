import type { AppointmentStatus } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, tsrange } from '../../db/columns';
import { employees } from '../employees/employees.schema';
import { pets } from '../pets/pets.schema';
import { services } from '../services/services.schema';
import { mainStoreIdSql, stores } from '../stores/stores.schema';
import { users } from '../users/users.schema';

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    appointmentDate: date('appointment_date').notNull(),
    appointmentTime: char('appointment_time', { length: 5 }).notNull(),
    /** the service's duration and the price for the pet's size, as they were when booked */
    durationMinutes: integer('duration_minutes').notNull().default(30),
    priceCents: integer('price_cents').notNull(),
    /** 'Pacote' when a package credit paid it (price 0); null: paid at the shop */
    paidWith: text('paid_with'),
    /**
     * The wall-clock time it occupies, derived so it never disagrees with date, time and duration.
     * Exclusion constraints over it (in the migrations: drizzle cannot declare them) keep one
     * employee's, and one pet's, active appointments from overlapping.
     */
    during: tsrange('during')
      .notNull()
      .generatedAlwaysAs(
        sql`tsrange(appointment_date + make_time(substr(appointment_time, 1, 2)::int, substr(appointment_time, 4, 2)::int, 0), appointment_date + make_time(substr(appointment_time, 1, 2)::int, substr(appointment_time, 4, 2)::int, 0) + make_interval(mins => duration_minutes))`,
      ),
    status: text('status').$type<AppointmentStatus>().notNull().default('Agendado'),
    /** the staff's note (kept for the pet's history) */
    staffNote: text('staff_note'),
    /** the note is shown to the pet's owner too (otherwise it is the staff's own) */
    noteForCustomer: boolean('note_for_customer').notNull().default(false),
    createdAt: createdAt(),
    /** the employee's store at booking: a trigger sets it from the employee on insert, whatever the writer sends */
    storeId: integer('store_id')
      .notNull()
      .default(mainStoreIdSql)
      .references(() => stores.id),
  },
  (t) => [
    index('appointments_user_idx').on(t.userId, t.appointmentDate),
    index('appointments_date_employee_idx').on(t.appointmentDate, t.employeeId, t.status),
    index('appointments_active_date_idx')
      .on(t.appointmentDate, t.appointmentTime)
      .where(sql`${t.status} in ('Agendado', 'Em atendimento')`),
    index('appointments_agenda_idx').on(t.appointmentDate, t.employeeId).where(sql`${t.status} <> 'Cancelado'`),
    check(
      'appointments_status_ck',
      sql`${t.status} in ('Agendado', 'Em atendimento', 'Concluído', 'Não compareceu', 'Cancelado')`,
    ),
    check('appointments_time_ck', sql`${t.appointmentTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('appointments_duration_ck', sql`${t.durationMinutes} in (30, 60, 90, 120)`),
    check('appointments_price_ck', sql`${t.priceCents} >= 0`),
    check('appointments_paid_with_ck', sql`${t.paidWith} is null or ${t.paidWith} in ('Pacote', 'Assinatura')`),
  ],
);
