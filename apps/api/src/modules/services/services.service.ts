import {
  businessMoment,
  fromCents,
  type PaginationQuery,
  type Service,
  type serviceBody,
  toCents,
} from '@petshop/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { type Actor, recordChange } from '../audit/audit.service';
import * as repo from './services.repository';

const SERVICE_NOT_FOUND = 'Serviço não encontrado.';

const toService = (row: repo.ServiceRow): Service => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: fromCents(row.priceCents),
  prices: {
    Pequeno: fromCents(row.priceSmallCents),
    Médio: fromCents(row.priceMediumCents),
    Grande: fromCents(row.priceLargeCents),
  },
  durationMinutes: row.durationMinutes,
});

export async function list(db: Db, page: PaginationQuery) {
  const [rows, total] = await Promise.all([repo.listServices(db, page), repo.countServices(db)]);
  return { items: rows.map(toService), total };
}

export async function get(db: Db | Tx, id: number) {
  const row = await repo.findService(db, id);
  if (!row) throw notFound(SERVICE_NOT_FOUND);
  return toService(row);
}

type ServiceInput = z.output<typeof serviceBody>;

const toValues = ({ name, description, prices, durationMinutes }: ServiceInput): repo.ServiceValues => {
  const [small, medium, large] = [toCents(prices.Pequeno), toCents(prices.Médio), toCents(prices.Grande)];
  return {
    name,
    description,
    priceCents: Math.min(small, medium, large),
    priceSmallCents: small,
    priceMediumCents: medium,
    priceLargeCents: large,
    durationMinutes,
  };
};

export const create = (db: Db, input: ServiceInput, actor: Actor) =>
  db.transaction(async (tx) => {
    const created = await repo.insertService(tx, toValues(input));
    if (!created) throw new Error('insert returned nothing');
    const service = await get(tx, created.id);
    await recordChange(tx, actor, { action: 'create', entity: 'service', entityId: service.id, after: service });
    return service;
  });

export const update = (db: Db, id: number, input: ServiceInput, actor: Actor) =>
  db.transaction(async (tx) => {
    const before = await repo.findService(tx, id);
    if (!before || !(await repo.updateService(tx, id, toValues(input)))) throw notFound(SERVICE_NOT_FOUND);
    const service = await get(tx, id);
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'service',
      entityId: id,
      before: toService(before),
      after: service,
    });
    return service;
  });

/**
 * A service nobody refers to is deleted; one that employees or appointments refer to is archived
 * (gone from the shop, history kept). Upcoming appointments must be cancelled first.
 */
export const remove = (db: Db, id: number, actor: Actor) =>
  db.transaction(async (tx) => {
    if (!(await repo.lockActiveService(tx, id))) throw notFound(SERVICE_NOT_FOUND);
    if (await repo.hasUpcomingAppointments(tx, id, businessMoment())) {
      throw conflict(
        'Este serviço tem agendamentos futuros. Cancele-os antes de excluir o serviço.',
        'SERVICE_HAS_APPOINTMENTS',
      );
    }
    const before = await get(tx, id);
    if (await repo.isReferenced(tx, id)) {
      await repo.archiveService(tx, id);
      await recordChange(tx, actor, { action: 'archive', entity: 'service', entityId: id, before });
      return { id, archived: true };
    }
    await repo.deleteService(tx, id);
    await recordChange(tx, actor, { action: 'delete', entity: 'service', entityId: id, before });
    return { id, archived: false };
  });
