import { type Appointment, fromCents, ROLES } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import * as repo from './appointments.repository';

/** Who reads an appointment: its customer sees the staff's note only when it was written for them. */
export type Reader = 'staff' | 'customer';

export const readerOf = (auth: AuthUser): Reader => (auth.role === ROLES.customer ? 'customer' : 'staff');

export const toAppointment = (row: repo.AppointmentRow, reader: Reader): Appointment => ({
  id: row.id,
  appointment_date: row.date,
  appointment_time: row.time,
  pet_id: row.petId,
  service_id: row.serviceId,
  employer_id: row.employeeId,
  store_id: row.storeId,
  status: row.status,
  price: fromCents(row.priceCents),
  paidWith: row.paidWith ?? null,
  durationMinutes: row.durationMinutes,
  service: { name: row.serviceName },
  employer: { name: row.employeeName },
  note: reader === 'staff' || row.noteForCustomer ? row.note : null,
  noteForCustomer: row.noteForCustomer,
  pet: { name: row.petName, size: row.petSize },
});

/** One appointment as `reader` reads it (the audit log and staff answers read it as staff). */
export async function view(db: Db | Tx, id: number, reader: Reader = 'staff') {
  const row = await repo.findAppointment(db, id);
  if (!row) throw new Error(`appointment ${id} vanished`);
  return toAppointment(row, reader);
}
