import {
  businessMoment,
  fromCents,
  type PetHistoryEntry,
  ROLES,
  type VaccineInput,
  type VaccineView,
  type WeightInput,
  type WeightView,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { type Actor, recordChange } from '../audit/audit.service';
import * as repo from './pet-health.repository';
import * as pets from './pets.repository';
import { staffSeesPet } from './pets.service';
import { withdrawVaccineReminder } from './vaccine-reminders';

const NOT_FOUND = 'Pet não encontrado.';
const MAX_VACCINES_PER_PET = 200;
const MAX_WEIGHTS_PER_PET = 500;

/**
 * The owner reads the card, and so does staff who may see the pet (a professional: the pets of their
 * appointments); anyone else gets the 404 of a pet that does not exist.
 */
async function readablePet(db: Db, caller: AuthUser, petId: number) {
  const pet = await pets.findLive(db, petId);
  if (!pet || (pet.userId !== caller.id && !(await staffSeesPet(db, caller, pet.id)))) throw notFound(NOT_FOUND);
  return pet;
}

/**
 * The owner writes on the card, and so does the professional who attends the pet; other staff, who
 * may see it, are told why they cannot.
 */
async function ownPet(db: Db, caller: AuthUser, petId: number) {
  const pet = await readablePet(db, caller, petId);
  if (pet.userId !== caller.id && caller.role !== ROLES.professional) {
    throw forbidden('Somente o tutor ou o profissional que atende o pet podem alterar a carteira de saúde.');
  }
  return pet.id;
}

export async function listVaccines(db: Db, caller: AuthUser, petId: number): Promise<VaccineView[]> {
  return repo.listVaccines(db, (await readablePet(db, caller, petId)).id);
}

/** `actor`: the professional who writes on a customer's pet card (audited); undefined for its owner. */
export async function addVaccine(
  db: Db,
  caller: AuthUser,
  petId: number,
  input: VaccineInput,
  actor?: Actor,
): Promise<VaccineView> {
  const id = await ownPet(db, caller, petId);
  if ((await repo.countVaccines(db, id)) >= MAX_VACCINES_PER_PET) {
    throw conflict(`Um pet pode ter no máximo ${MAX_VACCINES_PER_PET} vacinas registradas.`, 'VACCINE_LIMIT');
  }
  return db.transaction(async (tx) => {
    const vaccine = await repo.insertVaccine(tx, id, { ...input, nextDueOn: input.nextDueOn ?? null });
    if (!vaccine) throw new Error('insert returned nothing');
    if (actor)
      await recordChange(tx, actor, {
        action: 'create',
        entity: 'vaccine',
        entityId: vaccine.id,
        after: { ...vaccine, petId: id },
      });
    return vaccine;
  });
}

/** Its reminder, if written and not yet sent, goes with it. */
export async function deleteVaccine(db: Db, caller: AuthUser, petId: number, vaccineId: number, actor?: Actor) {
  const id = await ownPet(db, caller, petId);
  await db.transaction(async (tx) => {
    const deleted = await repo.deleteVaccine(tx, id, vaccineId);
    if (deleted === undefined) throw notFound('Vacina não encontrada.');
    await withdrawVaccineReminder(tx, deleted.id);
    if (actor)
      await recordChange(tx, actor, {
        action: 'delete',
        entity: 'vaccine',
        entityId: deleted.id,
        before: { ...deleted, petId: id },
      });
  });
}

export async function listWeights(db: Db, caller: AuthUser, petId: number): Promise<WeightView[]> {
  return repo.listWeights(db, (await readablePet(db, caller, petId)).id);
}

export async function addWeight(
  db: Db,
  caller: AuthUser,
  petId: number,
  input: WeightInput,
  actor?: Actor,
): Promise<WeightView> {
  const id = await ownPet(db, caller, petId);
  if ((await repo.countWeights(db, id)) >= MAX_WEIGHTS_PER_PET) {
    throw conflict(`Um pet pode ter no máximo ${MAX_WEIGHTS_PER_PET} pesagens registradas.`, 'WEIGHT_LIMIT');
  }
  return db.transaction(async (tx) => {
    const weight = await repo.insertWeight(tx, id, input);
    if (!weight) throw new Error('insert returned nothing');
    if (actor)
      await recordChange(tx, actor, {
        action: 'create',
        entity: 'weight',
        entityId: weight.id,
        after: { ...weight, petId: id },
      });
    return weight;
  });
}

/** Each visit at the price it was booked for, with the staff's note written when it was done. */
export async function history(db: Db, caller: AuthUser, petId: number): Promise<PetHistoryEntry[]> {
  const visits = await repo.listPastVisits(db, (await readablePet(db, caller, petId)).id, businessMoment());
  // The owner reads only the notes written for them; staff read every note.
  const staff = caller.role !== ROLES.customer;
  return visits.map(({ priceCents, note, noteForCustomer, ...visit }) => ({
    ...visit,
    note: staff || noteForCustomer ? note : null,
    price: fromCents(priceCents),
  }));
}
