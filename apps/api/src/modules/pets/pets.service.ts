import { businessToday, type PetInput, type PetView, ROLES, wholeYearsSince } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { petServedBy } from '../appointments/appointment-staff.service';
import { type Actor, recordChange } from '../audit/audit.service';
import * as users from '../users/users.service';
import * as health from './pet-health.repository';
import * as repo from './pets.repository';

const NOT_FOUND = 'Pet não encontrado.';
const MAX_PETS_PER_USER = 30;

export const list = (db: Db, auth: AuthUser): Promise<PetView[]> => repo.listOwn(db, auth.id);

/**
 * Someone else's pet is a 404, like one that does not exist; staff who serve customers (owner,
 * manager, reception) see any, a professional the pets of their appointments.
 */
export async function get(db: Db, auth: AuthUser, id: number): Promise<PetView> {
  const own = await repo.findOwn(db, auth.id, id);
  if (own) return own;
  const live = await repo.findLive(db, id);
  if (!live || !(await staffSeesPet(db, auth, live.id))) throw notFound(NOT_FOUND);
  const pet = await repo.findOwn(db, live.userId, id);
  if (!pet) throw notFound(NOT_FOUND);
  return pet;
}

/** Staff who may see a customer's pet and its health card: see `get`. */
export async function staffSeesPet(db: Db, auth: AuthUser, petId: number) {
  if (auth.role === ROLES.admin || auth.role === ROLES.manager || auth.role === ROLES.reception) return true;
  return auth.role === ROLES.professional && petServedBy(db, petId, auth.id);
}

/** The stored age: the one given, or the one its birth date says today (the schema asks for one of them). */
const valuesOf = (input: PetInput): repo.PetValues => ({
  ...input,
  age: input.age ?? (input.birthDate ? wholeYearsSince(input.birthDate, businessToday()) : 0),
});

async function insertFor(db: Db | Tx, userId: number, input: PetInput, limitMessage: string) {
  if ((await repo.countOwn(db, userId)) >= MAX_PETS_PER_USER) throw conflict(limitMessage, 'PET_LIMIT');
  const pet = await repo.insertPet(db, userId, valuesOf(input));
  if (!pet) throw new Error('insert returned nothing');
  return pet;
}

export const create = (db: Db, auth: AuthUser, input: PetInput): Promise<PetView> =>
  insertFor(db, auth.id, input, `Você pode cadastrar no máximo ${MAX_PETS_PER_USER} pets.`);

/**
 * Staff who serve customers (owner; manager, reception) list a customer's pets. The account must be
 * one the caller serves (see users.getVisible): a staff account, or none, is 404.
 */
export async function listOf(db: Db, auth: AuthUser, customerId: number): Promise<PetView[]> {
  await users.getVisible(db, auth, customerId);
  return repo.listOwn(db, customerId);
}

/** Staff register a pet for a customer (same rules as `listOf`), written to the audit log. */
export async function createFor(
  db: Db,
  auth: AuthUser,
  customerId: number,
  input: PetInput,
  actor: Actor,
): Promise<PetView> {
  await users.getVisible(db, auth, customerId);
  return db.transaction(async (tx) => {
    const pet = await insertFor(tx, customerId, input, `Este cliente já tem ${MAX_PETS_PER_USER} pets cadastrados.`);
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'pet',
      entityId: pet.id,
      before: null,
      after: { ...pet, userId: customerId },
    });
    return pet;
  });
}

export async function update(db: Db, auth: AuthUser, id: number, input: PetInput): Promise<PetView> {
  const pet = await repo.updateOwn(db, auth.id, id, valuesOf(input));
  if (!pet) throw notFound(NOT_FOUND);
  return pet;
}

/**
 * Refused while an active appointment is today or later. A pet that only past or cancelled
 * appointments refer to is hidden (kept for their history); one with none is deleted.
 */
export const remove = (db: Db, auth: AuthUser, id: number) =>
  db.transaction(async (tx) => {
    const petId = await repo.lockOwn(tx, auth.id, id);
    if (petId === undefined) throw notFound(NOT_FOUND);
    if (await repo.hasUpcomingAppointments(tx, petId)) {
      throw conflict('Este pet tem agendamentos futuros. Cancele-os antes de excluir.', 'PET_HAS_APPOINTMENTS');
    }
    if (await repo.hasAnyAppointment(tx, petId)) await repo.hidePet(tx, petId);
    else await repo.deletePet(tx, petId);
  });

/** LGPD erasure, in the account deletion's transaction: health records go, pets are hidden and blanked. */
export async function forget(tx: Tx, userId: number) {
  await health.deleteRecordsOf(tx, userId);
  await repo.forgetPetsOf(tx, userId);
}

/** LGPD export: every pet with its vaccines and weights. */
export async function exportOf(db: Db, userId: number) {
  const own = await repo.exportOf(db, userId);
  const { vaccines, weights } = await health.exportRecordsOf(
    db,
    own.map((pet) => pet.id),
  );
  return own.map((pet) => ({
    ...pet,
    vaccines: vaccines.filter((vaccine) => vaccine.petId === pet.id),
    weights: weights.filter((weight) => weight.petId === pet.id),
  }));
}
