import { APPOINTMENT_STATUS, type AppointmentStatusBody, canMoveAppointment } from '@petshop/domain';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { type Actor, recordChange } from '../audit/audit.service';
import * as packages from '../packages/packages.service';
import { appointmentChanged } from './appointment-messages';
import { staffReach } from './appointment-staff.service';
import { view } from './appointment-view';
import * as repo from './appointments.repository';

/**
 * Staff move an appointment along its statuses (any other move is 409): the owner any, a manager or
 * receptionist those of their stores, a professional their own; another's is 404. A note is the
 * staff's own unless `noteForCustomer`.
 */
export const setStatus = (
  db: Db,
  auth: AuthUser,
  id: number,
  input: AppointmentStatusBody,
  actor: Actor,
  cancelMinHours = 24,
) =>
  db.transaction(async (tx) => {
    const current = await repo.lockAppointment(tx, id);
    if (!current || !(await staffReach(tx, auth, id, true))) throw notFound('Agendamento não encontrado.');
    if (!canMoveAppointment(current.status, input.status)) {
      throw conflict(
        `Não é possível passar um agendamento de "${current.status}" para "${input.status}".`,
        'INVALID_STATUS_TRANSITION',
      );
    }
    const before = await view(tx, id);
    await repo.setStatus(tx, id, input.status, input.note || undefined, input.noteForCustomer);
    if (input.status === APPOINTMENT_STATUS.cancelled) {
      await packages.returnCredit(tx, { appointmentId: id, date: current.date, time: current.time }, cancelMinHours);
      await appointmentChanged(tx, id, 'cancelled');
    }
    const after = await view(tx, id);
    await recordChange(tx, actor, { action: 'status', entity: 'appointment', entityId: id, before, after });
    return after;
  });
