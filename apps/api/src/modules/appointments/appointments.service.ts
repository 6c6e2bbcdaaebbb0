import {
  APPOINTMENT_STATUS,
  type AppointmentBody,
  availableStarts,
  type BusinessMoment,
  businessMoment,
  isFutureSlot,
  type PaginationQuery,
  type RescheduleBody,
} from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { storeScopeOf } from '../../lib/store-scope';
import { type Actor, recordChange } from '../audit/audit.service';
import { hoursOn } from '../employees/employee-schedule.service';
import * as packages from '../packages/packages.service';
import * as users from '../users/users.service';
import { appointmentChanged } from './appointment-messages';
import { staffReach } from './appointment-staff.service';
import { readerOf, toAppointment, view } from './appointment-view';
import * as repo from './appointments.repository';
import * as bookings from './booking.repository';
import { requireBookable, requireFreeSpan, requireFuture } from './booking-rules';
import { withSlotGuard } from './slot-conflict';

const APPOINTMENT_NOT_FOUND = 'Agendamento não encontrado.';

const NO_CREDIT = 'Este pet não tem crédito de pacote válido para este serviço nesta data.';

/**
 * A matching credit of the pet pays the appointment (price 0, 'Pacote') unless the customer said
 * `useCredit: false`; asking for one that is not there (or that a parallel booking just took) is 409.
 */
async function payWithCredit(
  tx: Tx,
  appointmentId: number,
  slot: { date: string; time: string; petId: number },
  input: AppointmentBody,
) {
  if (input.useCredit === false) return;
  const used = await packages.useCredit(tx, {
    petId: slot.petId,
    serviceId: input.service_id,
    appointmentId,
    date: slot.date,
    time: slot.time,
  });
  if (used) await repo.markPaidWithPackage(tx, appointmentId);
  else if (input.useCredit === true) throw conflict(NO_CREDIT, 'NO_CREDIT');
}

/** Staff booking for a customer (owner; manager and reception of the store): whose pet, and who wrote it. */
interface OnBehalf {
  customerId: number;
  actor: Actor;
}

/**
 * Every check of `requireBookable` (booking-rules.ts), then a package credit pays it if the pet has
 * one. `onBehalf`: the pet is that customer's, the store and the employee must be the caller's, and
 * the booking goes to the audit log.
 */
export const book = (db: Db, auth: AuthUser, input: AppointmentBody, onBehalf?: OnBehalf) =>
  withSlotGuard(() =>
    db.transaction(async (tx) => {
      const userId = onBehalf?.customerId ?? auth.id;
      const slot = { date: input.appointment_date, time: input.appointment_time, petId: input.pet_id };
      const { pet, service, employee } = await requireBookable(
        tx,
        { ...slot, userId, serviceId: input.service_id, employeeId: input.employer_id, storeId: input.store_id },
        businessMoment(),
        onBehalf ? auth : undefined,
      );
      const created = await bookings.insertAppointment(tx, {
        userId,
        petId: input.pet_id,
        serviceId: input.service_id,
        employeeId: employee.id,
        appointmentDate: slot.date,
        appointmentTime: slot.time,
        durationMinutes: service.durationMinutes,
        priceCents: service[pet.size],
      });
      if (!created) throw new Error('insert returned nothing');
      await payWithCredit(tx, created.id, slot, input);
      await appointmentChanged(tx, created.id, 'booked');
      const after = await view(tx, created.id);
      if (onBehalf) {
        await recordChange(tx, onBehalf.actor, {
          action: 'create',
          entity: 'appointment',
          entityId: created.id,
          before: null,
          after: { ...after, user_id: onBehalf.customerId },
          storeId: employee.storeId,
        });
      }
      return after;
    }),
  );

/**
 * Staff book for a customer with every check of the customer's own booking (see `book`). The
 * account must be one the caller serves: a customer's for a manager or receptionist (a staff
 * account, or none, is 404), any for the owner.
 */
export async function bookFor(db: Db, auth: AuthUser, customerId: number, input: AppointmentBody, actor: Actor) {
  await users.getVisible(db, auth, customerId);
  return book(db, auth, input, { customerId, actor });
}

export async function listOwn(db: Db, auth: AuthUser) {
  return (await repo.listActiveOf(db, auth.id)).map((row) => toAppointment(row, 'customer'));
}

/** The caller's done, missed and cancelled appointments, the latest first, a page at a time. */
export async function listClosedOwn(db: Db, auth: AuthUser, page: PaginationQuery) {
  const rows = await repo.listClosedOf(db, auth.id, page);
  const total = rows[0]?.total ?? (page.offset > 0 ? await repo.countClosedOf(db, auth.id) : 0);
  return { items: rows.map((row) => toAppointment(row, 'customer')), total };
}

/** Staff: today's and later appointments except cancelled ones, soonest first; of the caller's stores. */
export async function listUpcoming(db: Db, auth: AuthUser, page: PaginationQuery) {
  const now = businessMoment();
  const scope = storeScopeOf(auth);
  const storeIds = scope.all ? undefined : scope.storeIds;
  const rows = await repo.listUpcoming(db, now, page, storeIds);
  const total = rows[0]?.total ?? (page.offset > 0 ? await repo.countUpcoming(db, now, storeIds) : 0);
  const items = rows.map((row) => ({
    ...toAppointment(row, 'staff'),
    customer: { name: row.customerName, phone: row.customerPhone },
  }));
  return { items, total };
}

/** Someone else's appointment is 404 to a customer; staff see those they reach (see staffReach). */
export async function get(db: Db, auth: AuthUser, id: number) {
  const row = await repo.findAppointment(db, id);
  if (!row || (row.userId !== auth.id && !(await staffReach(db, auth, id, true)))) {
    throw notFound(APPOINTMENT_NOT_FOUND);
  }
  return toAppointment(row, readerOf(auth));
}

/**
 * Start times where the employee's service fits whole: every half hour inside the hours they serve
 * that day (their own inside the shop's) and clear of every active appointment.
 */
export async function availability(db: Db, employeeId: number, date: string) {
  const employee = await bookings.findLiveEmployee(db, employeeId);
  if (!employee) throw notFound('Funcionário não encontrado.');
  const [hours, busy] = await Promise.all([hoursOn(db, employeeId, date), bookings.busyTimes(db, employeeId, date)]);
  return availableStarts(date, hours, busy, businessMoment(), employee.durationMinutes);
}

/** The appointment locked for a change, if the caller may change it and it can still change. */
async function lockChangeable(tx: Tx, auth: AuthUser, id: number, now: BusinessMoment) {
  const current = await repo.lockAppointment(tx, id);
  // The customer's own, or staff who book for customers (owner; manager and reception of the store).
  if (!current || (current.userId !== auth.id && !(await staffReach(tx, auth, id, false)))) {
    throw notFound(APPOINTMENT_NOT_FOUND);
  }
  if (current.status === APPOINTMENT_STATUS.cancelled) {
    throw conflict('Este agendamento já foi cancelado.', 'APPOINTMENT_CANCELLED');
  }
  if (current.status !== APPOINTMENT_STATUS.scheduled) {
    throw conflict('Este agendamento já foi atendido e não pode mais ser alterado.', 'APPOINTMENT_CLOSED');
  }
  if (!isFutureSlot(current.date, current.time, now)) {
    throw conflict('Este agendamento já passou e não pode mais ser alterado.', 'APPOINTMENT_PAST');
  }
  return current;
}

/** `actor`: staff changing someone's booking, written to the audit log. */
export const reschedule = (db: Db, auth: AuthUser, id: number, input: RescheduleBody, actor?: Actor) =>
  withSlotGuard(() =>
    db.transaction(async (tx) => {
      const now = businessMoment();
      const current = await lockChangeable(tx, auth, id, now);
      requireFuture(input.appointment_date, input.appointment_time, now);
      if (!(await bookings.lockLiveEmployee(tx, current.employeeId))) {
        throw conflict('Este funcionário não atende mais. Cancele e faça um novo agendamento.', 'EMPLOYEE_ARCHIVED');
      }
      await requireFreeSpan(tx, {
        date: input.appointment_date,
        time: input.appointment_time,
        durationMinutes: current.durationMinutes,
        employeeId: current.employeeId,
        petId: current.petId,
        exceptId: id,
      });
      // A package credit paid it: the new time must still be before the credit expires.
      if (!(await packages.creditCovers(tx, id, input.appointment_date, input.appointment_time)))
        throw conflict('O crédito do pacote que pagou este agendamento vence antes desta data.', 'CREDIT_EXPIRES');
      const before = actor ? await view(tx, id) : undefined;
      await repo.moveAppointment(tx, id, input.appointment_date, input.appointment_time);
      await appointmentChanged(tx, id, 'moved');
      const after = await view(tx, id);
      if (actor)
        await recordChange(tx, actor, { action: 'update', entity: 'appointment', entityId: id, before, after });
      return after;
    }),
  );

/** The row stays, with status cancelled; the exclusion constraints then ignore its time. */
export const cancel = (db: Db, auth: AuthUser, id: number, actor?: Actor, cancelMinHours = 24) =>
  db.transaction(async (tx) => {
    const current = await lockChangeable(tx, auth, id, businessMoment());
    const before = actor ? await view(tx, id) : undefined;
    await repo.cancelAppointment(tx, id);
    // A package credit it used comes back only when cancelled early enough.
    await packages.returnCredit(tx, { appointmentId: id, date: current.date, time: current.time }, cancelMinHours);
    await appointmentChanged(tx, id, 'cancelled');
    const after = await view(tx, id);
    if (actor) await recordChange(tx, actor, { action: 'cancel', entity: 'appointment', entityId: id, before, after });
    return after;
  });

/** LGPD erasure, in the account deletion's transaction. */
export const forget = async (tx: Tx, userId: number) => {
  await repo.cancelActiveOf(tx, userId);
};

/** LGPD export. */
export const exportOf = (db: Db, userId: number) => repo.exportOf(db, userId);
