import { fromCents, type Service } from '@petshop/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import * as repo from './services.repository';

const toService = ({ priceCents, ...row }: repo.ServiceRow): Service => ({ ...row, price: fromCents(priceCents) });

export async function list(db: Db, limit: number, offset: number) {
  const [rows, total] = await Promise.all([repo.listServices(db, limit, offset), repo.countServices(db)]);
  return { items: rows.map(toService), total };
}

export async function get(db: Db, id: number) {
  const row = await repo.findService(db, id);
  if (!row) throw notFound('Serviço não encontrado.');
  return toService(row);
}
