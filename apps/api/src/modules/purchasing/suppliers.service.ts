import { formatCnpj, type supplierBody } from '@petshop/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { PG_VIOLATION, pgErrorOf } from '../../lib/pg-error';
import { type Actor, recordChange } from '../audit/audit.service';
import * as repo from './purchasing.repository';

const SUPPLIER_NOT_FOUND = 'Fornecedor não encontrado.';
const CNPJ_TAKEN = 'Já existe um fornecedor com este CNPJ.';

type SupplierInput = z.output<typeof supplierBody>;
type SupplierRow = NonNullable<Awaited<ReturnType<typeof repo.findSupplier>>>;
const toSupplier = (row: SupplierRow) => ({ ...row, cnpj: formatCnpj(row.cnpj) });

export const listSuppliers = async (db: Db) => (await repo.listSuppliers(db)).map(toSupplier);

export async function getSupplier(db: Db, id: number) {
  const row = await repo.findSupplier(db, id);
  if (!row) throw notFound(SUPPLIER_NOT_FOUND);
  return toSupplier(row);
}

const cnpjTaken = (error: unknown) => {
  const pg = pgErrorOf(error);
  return pg?.code === PG_VIOLATION.unique && pg.constraint === 'suppliers_cnpj_uq';
};

export async function createSupplier(db: Db, actor: Actor, input: SupplierInput) {
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.insertSupplier(tx, input);
      if (!row) throw new Error('insert returned nothing');
      await recordChange(tx, actor, { action: 'create', entity: 'supplier', entityId: row.id, after: input });
      return toSupplier(row);
    });
  } catch (error) {
    if (cnpjTaken(error)) throw conflict(CNPJ_TAKEN, 'CNPJ_TAKEN');
    throw error;
  }
}

export async function updateSupplier(db: Db, actor: Actor, id: number, input: SupplierInput) {
  const before = await repo.findSupplier(db, id);
  if (!before) throw notFound(SUPPLIER_NOT_FOUND);
  try {
    return await db.transaction(async (tx) => {
      const row = await repo.updateSupplier(tx, id, input);
      if (!row) throw notFound(SUPPLIER_NOT_FOUND);
      await recordChange(tx, actor, { action: 'update', entity: 'supplier', entityId: id, before, after: row });
      return toSupplier(row);
    });
  } catch (error) {
    if (cnpjTaken(error)) throw conflict(CNPJ_TAKEN, 'CNPJ_TAKEN');
    throw error;
  }
}
