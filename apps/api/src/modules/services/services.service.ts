import {
  businessMoment,
  fromCents,
  type PaginationQuery,
  type Service,
  type serviceBody,
  toCents,
} from '@petshop/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import * as repo from './services.repository';

const SERVICE_NOT_FOUND = 'Serviço não encontrado.';

const toService = ({ priceCents, ...row }: repo.ServiceRow): Service => ({ ...row, price: fromCents(priceCents) });

export async function list(db: Db, page: PaginationQuery) {
  const [rows, total] = await Promise.all([repo.listServices(db, page), repo.countServices(db)]);
  return { items: rows.map(toService), total };
}

export async function get(db: Db, id: number) {
  const row = await repo.findService(db, id);
  if (!row) throw notFound(SERVICE_NOT_FOUND);
  return toService(row);
}

type ServiceInput = z.output<typeof serviceBody>;

const toValues = (input: ServiceInput): repo.ServiceValues => ({
  name: input.name,
  description: input.description,
  priceCents: toCents(input.price),
  durationMinutes: input.duration,
});

export async function create(db: Db, input: ServiceInput) {
  const created = await repo.insertService(db, toValues(input));
  if (!created) throw new Error('insert returned nothing');
  return get(db, created.id);
}

export async function update(db: Db, id: number, input: ServiceInput) {
  if (!(await repo.updateService(db, id, toValues(input)))) throw notFound(SERVICE_NOT_FOUND);
  return get(db, id);
}

/**
 * A service nobody refers to is deleted; one that employees or appointments refer to is archived
 * (gone from the shop, history kept). Upcoming appointments must be cancelled first.
 */
export const remove = (db: Db, id: number) =>
  db.transaction(async (tx) => {
    if (!(await repo.lockActiveService(tx, id))) throw notFound(SERVICE_NOT_FOUND);
    if (await repo.hasUpcomingAppointments(tx, id, businessMoment())) {
      throw conflict(
        'Este serviço tem agendamentos futuros. Cancele-os antes de excluir o serviço.',
        'SERVICE_HAS_APPOINTMENTS',
      );
    }
    if (await repo.isReferenced(tx, id)) {
      await repo.archiveService(tx, id);
      return { id, archived: true };
    }
    await repo.deleteService(tx, id);
    return { id, archived: false };
  });
