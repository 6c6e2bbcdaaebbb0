import { type BusinessMoment, fitsInHours, isFutureSlot, SLOT_MINUTES } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertStoreAccess } from '../../lib/store-scope';
import { hoursOn } from '../employees/employee-schedule.service';
import * as stores from '../stores/stores.service';
import * as repo from './booking.repository';
import { doesNotFit, employeeSlotTaken, outsideWorkingHours, petSlotTaken } from './slot-conflict';

/** Who books what, with whom and when: a customer's booking, a staff booking for one, or a date of a series. */
export interface BookingWant {
  /** the pet's owner, for whom the appointment is */
  userId: number;
  petId: number;
  serviceId: number;
  employeeId: number;
  /** the store chosen; the employee's when absent */
  storeId?: number | undefined;
  date: string;
  time: string;
}

export function requireFuture(date: string, time: string, now: BusinessMoment) {
  if (!isFutureSlot(date, time, now)) {
    throw fieldError('appointment_date', 'Escolha uma data e um horário que ainda não passaram.');
  }
}

/**
 * The whole duration must lie inside the hours the employee serves that day (their own inside the
 * shop's) and overlap no active appointment. Call it holding the employee's share lock: a schedule change (which
 * locks the row for update) then waits, or has committed before the hours are read.
 */
export async function requireFreeSpan(tx: Tx, span: Parameters<typeof repo.spanTaken>[1]) {
  const hours = await hoursOn(tx, span.employeeId, span.date);
  if (!fitsInHours(span.time, span.durationMinutes, hours)) {
    // Starts inside the hours but runs past their end: say so, not only 'outside the hours'.
    const startsInside = hours !== null && fitsInHours(span.time, SLOT_MINUTES, hours);
    throw startsInside ? doesNotFit(hours.end) : outsideWorkingHours();
  }
  const taken = await repo.spanTaken(tx, span);
  if (taken.employee) throw employeeSlotTaken();
  if (taken.pet) throw petSlotTaken();
}

/**
 * Booking picks a store (the employee's when none is sent: the only one while the shop has one) and
 * only its employees; a store closed to customers takes no booking.
 */
async function requireStoreOf(db: Db | Tx, employeeStoreId: number, chosen: number | undefined) {
  if (chosen !== undefined) {
    await stores.requireActiveStore(db, chosen, 'store_id');
    if (chosen !== employeeStoreId) throw fieldError('employer_id', 'Selecione um funcionário desta loja.');
  } else if (!(await stores.isActive(db, employeeStoreId))) {
    throw fieldError('employer_id', 'Este funcionário trabalha em uma loja que não está atendendo.');
  }
}

/**
 * Every rule a new appointment meets, whoever books it (the customer, staff for a customer, a
 * plan's series), in the order a person fixes them: input (400), ownership (404), then the slot
 * (409). `staff`: a booking on someone's behalf, whose store and employee must be the caller's
 * (another store's is 404, as if it did not exist). Takes the pet's and the employee's share locks.
 */
export async function requireBookable(tx: Tx, want: BookingWant, now: BusinessMoment, staff?: AuthUser) {
  requireFuture(want.date, want.time, now);
  const pet = await repo.findOwnPet(tx, want.userId, want.petId);
  if (!pet) throw notFound('Pet não encontrado.');
  if (staff && want.storeId !== undefined) assertStoreAccess(staff, want.storeId, 'Loja não encontrada.');
  const service = await repo.findActiveService(tx, want.serviceId);
  if (!service) throw fieldError('service_id', 'Selecione um serviço válido.');
  const employee = await repo.lockLiveEmployee(tx, want.employeeId);
  if (employee && staff) assertStoreAccess(staff, employee.storeId, 'Funcionário não encontrado.');
  if (!employee || employee.serviceId !== want.serviceId) {
    throw fieldError('employer_id', 'Selecione um funcionário que realize este serviço.');
  }
  await requireStoreOf(tx, employee.storeId, want.storeId);
  await requireFreeSpan(tx, {
    date: want.date,
    time: want.time,
    durationMinutes: service.durationMinutes,
    employeeId: employee.id,
    petId: want.petId,
  });
  return { pet, service, employee };
}
