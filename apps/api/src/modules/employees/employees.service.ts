import { businessMoment, type Employee, type EmployeesQuery, type employeeBody, ROLES } from '@petshop/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { type Actor, recordChange } from '../audit/audit.service';
import * as stores from '../stores/stores.service';
import { requireServableAt } from './employee-schedule.service';
import * as repo from './employees.repository';

const EMPLOYEE_NOT_FOUND = 'Funcionário não encontrado.';
const HAS_APPOINTMENTS = 'EMPLOYEE_HAS_APPOINTMENTS';

type EmployeeInput = z.output<typeof employeeBody>;

/** Customers see name, position and service; the phone is for admins only. */
const toEmployee = (row: repo.EmployeeRow, isAdmin: boolean): Employee => ({
  id: row.id,
  name: row.name,
  position: row.position,
  service_id: row.serviceId,
  store_id: row.storeId,
  ...(isAdmin ? { phone: row.phone } : {}),
});

/** The owner and the managers, who edit employees, see their phones. */
const isAdmin = (auth: AuthUser) => auth.role === ROLES.admin || auth.role === ROLES.manager;

async function list(db: Db, auth: AuthUser, serviceId: number | undefined, query: EmployeesQuery) {
  const filter = { serviceId, storeId: query.storeId };
  const rows = await repo.listEmployees(db, filter, query);
  const total = rows[0]?.total ?? (query.offset > 0 ? await repo.countEmployees(db, filter) : 0);
  return { items: rows.map((row) => toEmployee(row, isAdmin(auth))), total };
}

/** Live employees, of one store when `storeId` is given (booking shows only the chosen store's). */
export const listAll = (db: Db, auth: AuthUser, query: EmployeesQuery) => list(db, auth, undefined, query);

export async function listByService(db: Db, auth: AuthUser, serviceId: number, query: EmployeesQuery) {
  if (!(await repo.activeServiceExists(db, serviceId))) throw notFound('Serviço não encontrado.');
  return list(db, auth, serviceId, query);
}

async function view(db: Db | Tx, id: number, withPhone: boolean) {
  const row = await repo.findEmployee(db, id);
  if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
  return toEmployee(row, withPhone);
}

export const get = (db: Db, auth: AuthUser, id: number) => view(db, id, isAdmin(auth));

const invalidService = () => fieldError('service_id', 'Selecione um serviço válido.');

const toValues = (input: EmployeeInput): repo.EmployeeValues => ({
  name: input.name,
  phone: input.phone,
  position: input.position,
  serviceId: input.service_id,
  ...(input.store_id !== undefined && { storeId: input.store_id }),
});

/** A store sent for an employee must exist (an inactive one may be staffed before it opens). */
async function requireStore(db: Db | Tx, storeId: number | undefined) {
  if (storeId === undefined) return;
  if (!(await stores.exists(db, storeId))) throw fieldError('store_id', 'Loja não encontrada.');
}

/** A new employee works at the store sent, or the main store, with the default week (inside its hours or not). */
export const create = (db: Db, input: EmployeeInput, actor: Actor) =>
  db.transaction(async (tx) => {
    if (!(await repo.activeServiceExists(tx, input.service_id))) throw invalidService();
    await requireStore(tx, input.store_id);
    const created = await repo.insertEmployee(tx, toValues(input));
    if (!created) throw new Error('insert returned nothing');
    const employee = await view(tx, created.id, true);
    await recordChange(tx, actor, { action: 'create', entity: 'employee', entityId: employee.id, after: employee });
    return employee;
  });

/**
 * Moving an employee to another service, or another store, would leave their upcoming bookings on the
 * wrong service or in the wrong store: refused. At another store their hours must fit its hours.
 */
export const update = (db: Db, id: number, input: EmployeeInput, actor: Actor) =>
  db.transaction(async (tx) => {
    const current = await repo.lockActiveEmployee(tx, id);
    if (!current) throw notFound(EMPLOYEE_NOT_FOUND);
    if (!(await repo.activeServiceExists(tx, input.service_id))) throw invalidService();
    if (current.serviceId !== input.service_id && (await repo.hasUpcomingAppointments(tx, id, businessMoment()))) {
      throw conflict(
        'Este funcionário tem agendamentos futuros. Cancele-os antes de mudar o serviço dele.',
        HAS_APPOINTMENTS,
      );
    }
    if (input.store_id !== undefined && input.store_id !== current.storeId) {
      await requireStore(tx, input.store_id);
      if (await repo.hasUpcomingAppointments(tx, id, businessMoment())) {
        throw conflict(
          'Este funcionário tem agendamentos futuros. Cancele-os antes de mudá-lo de loja.',
          HAS_APPOINTMENTS,
        );
      }
      await requireServableAt(tx, id, input.store_id);
    }
    const before = await view(tx, id, true);
    await repo.updateEmployee(tx, id, toValues(input));
    const after = await view(tx, id, true);
    await recordChange(tx, actor, { action: 'update', entity: 'employee', entityId: id, before, after });
    return after;
  });

/** Deleted when nothing refers to them; archived (history kept) when appointments do. */
export const remove = (db: Db, id: number, actor: Actor) =>
  db.transaction(async (tx) => {
    if (!(await repo.lockActiveEmployee(tx, id))) throw notFound(EMPLOYEE_NOT_FOUND);
    if (await repo.hasUpcomingAppointments(tx, id, businessMoment())) {
      throw conflict('Este funcionário tem agendamentos futuros. Cancele-os antes de excluí-lo.', HAS_APPOINTMENTS);
    }
    const before = await view(tx, id, true);
    if (await repo.isReferenced(tx, id)) {
      await repo.archiveEmployee(tx, id);
      await recordChange(tx, actor, { action: 'archive', entity: 'employee', entityId: id, before });
      return { id, archived: true };
    }
    await repo.deleteEmployee(tx, id);
    await recordChange(tx, actor, { action: 'delete', entity: 'employee', entityId: id, before });
    return { id, archived: false };
  });
