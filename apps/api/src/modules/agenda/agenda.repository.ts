import { APPOINTMENT_STATUS, type PetSize } from '@petshop/domain';
import { and, asc, between, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, employees, pets, services, users } from '../../db/schema';

/**
 * Every employee of the agenda with their appointments of `from`..`to` (both included), in one
 * query: live employees, and archived ones on the days they still have an appointment. An
 * employee without an appointment comes once, with `appointment` (and what it joins) null. Cancelled
 * appointments free their time and are left out.
 */
/** Whose columns: the employees of these stores, or one employee; everyone when neither is given. */
export interface AgendaFilter {
  storeIds?: readonly number[] | undefined;
  employeeId?: number | undefined;
}

export const listAgendaRows = (db: Db, from: string, to: string, { storeIds, employeeId }: AgendaFilter = {}) =>
  db
    .select({
      employee: {
        id: employees.id,
        name: employees.name,
        position: employees.position,
        archived: sql<boolean>`${employees.archivedAt} is not null`,
      },
      appointment: {
        id: appointments.id,
        date: appointments.appointmentDate,
        time: appointments.appointmentTime,
        durationMinutes: appointments.durationMinutes,
        status: appointments.status,
        note: appointments.staffNote,
        noteForCustomer: appointments.noteForCustomer,
        priceCents: appointments.priceCents,
      },
      service: { id: services.id, name: services.name },
      pet: { id: pets.id, name: pets.name, size: sql<PetSize>`${pets.size}`, allergies: pets.allergies },
      customer: { name: users.name, phone: users.phone },
    })
    .from(employees)
    .leftJoin(
      appointments,
      and(
        eq(appointments.employeeId, employees.id),
        between(appointments.appointmentDate, from, to),
        ne(appointments.status, APPOINTMENT_STATUS.cancelled),
      ),
    )
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .leftJoin(pets, eq(pets.id, appointments.petId))
    .leftJoin(users, eq(users.id, appointments.userId))
    .where(
      and(
        or(isNull(employees.archivedAt), isNotNull(appointments.id)),
        storeIds === undefined ? undefined : inArray(employees.storeId, [...storeIds]),
        employeeId === undefined ? undefined : eq(employees.id, employeeId),
      ),
    )
    .orderBy(
      asc(employees.name),
      asc(employees.id),
      asc(appointments.appointmentDate),
      asc(appointments.appointmentTime),
      asc(appointments.id),
    );

export type AgendaRow = Awaited<ReturnType<typeof listAgendaRows>>[number];
