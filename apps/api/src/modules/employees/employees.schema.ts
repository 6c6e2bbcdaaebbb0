import { sql } from 'drizzle-orm';
import {
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { services } from '../services/services.schema';
import { mainStoreIdSql, stores } from '../stores/stores.schema';
import { users } from '../users/users.schema';

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    position: text('position').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** when the working hours were last set; null: the default week (Monday to Saturday, 08:00–18:00) */
    scheduleSetAt: timestamp('schedule_set_at', { withTimezone: true }),
    /** the user account this employee logs in with (a professional sees this employee's agenda column) */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the store the employee works at (their hours are served inside its hours); the main store by default */
    storeId: integer('store_id')
      .notNull()
      .default(mainStoreIdSql)
      .references(() => stores.id),
  },
  (t) => [
    index('employees_service_idx').on(t.serviceId),
    uniqueIndex('employees_user_uq').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);

/** An employee's hours on one weekday (0 = Sunday), half-hour marks ('24:00' ends the day); a weekday without a row is off. */
export const employeeHours = pgTable(
  'employee_hours',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: char('start_time', { length: 5 }).notNull(),
    endTime: char('end_time', { length: 5 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'employee_hours_pk', columns: [t.employeeId, t.weekday] }),
    check('employee_hours_weekday_ck', sql`${t.weekday} between 0 and 6`),
    check('employee_hours_start_ck', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[03]0$'`),
    check('employee_hours_end_ck', sql`${t.endTime} ~ '^(([01][0-9]|2[0-3]):[03]0|24:00)$'`),
    check('employee_hours_order_ck', sql`${t.startTime} < ${t.endTime}`),
  ],
);

/** A date an employee does not work, whatever the weekday. */
export const employeeDaysOff = pgTable(
  'employee_days_off',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ name: 'employee_days_off_pk', columns: [t.employeeId, t.day] })],
);
