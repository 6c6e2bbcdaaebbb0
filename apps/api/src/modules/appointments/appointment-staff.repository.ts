import { and, eq, exists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointments, employees } from '../../db/schema';

/** Whether the pet has an appointment (any status) with the employee this user account is. */
export const petServedBy = async (db: Executor, petId: number, userId: number) =>
  (
    await db
      .select({ yes: sql<number>`1` })
      .from(appointments)
      .where(
        and(
          eq(appointments.petId, petId),
          exists(
            db
              .select({ id: employees.id })
              .from(employees)
              .where(and(eq(employees.id, appointments.employeeId), eq(employees.userId, userId))),
          ),
        ),
      )
      .limit(1)
  ).length > 0;

/** Who an appointment belongs to, for the staff checks: its customer, employee, the employee's account and store. */
export const appointmentOwners = async (db: Executor, id: number) =>
  (
    await db
      .select({
        userId: appointments.userId,
        employeeId: appointments.employeeId,
        employeeUserId: employees.userId,
        storeId: appointments.storeId,
      })
      .from(appointments)
      .innerJoin(employees, eq(employees.id, appointments.employeeId))
      .where(eq(appointments.id, id))
  )[0];
