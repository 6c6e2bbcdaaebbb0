import {
  businessMoment,
  fromCents,
  type PackageInput,
  type PackageView,
  type PetCredit,
  ROLES,
  toCents,
} from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { type Actor, recordChange } from '../audit/audit.service';
import { writeOff } from './package-credit-jobs';
import { type RefundShare, withdrawOrRefuse } from './package-refunds';
import * as repo from './packages.repository';
import type { CreditSource } from './packages.schema';

export { expiring, runCreditJobs, voidExpired, writeExpiryNotices } from './package-credit-jobs';
export { type RefundShare, WHOLE, withdrawForRefund, withdrawOrRefuse } from './package-refunds';

export const PACKAGE_NOT_FOUND = 'Pacote não encontrado.';
const PET_NOT_FOUND = 'Pet não encontrado.';
const DAY_MS = 86_400_000;

const toView = (row: repo.PackageRow): PackageView => ({
  id: row.id,
  name: row.name,
  serviceId: row.serviceId,
  serviceName: row.serviceName,
  size: row.size ?? null,
  credits: row.credits,
  validityDays: row.validityDays,
  price: fromCents(row.priceCents),
  active: row.active,
});

/** GET /packages: the ones on sale. */
export const listActive = async (db: Db) => (await repo.listPackages(db, true)).map(toView);

/** Admin: every package not removed, on sale or not. */
export const listAll = async (db: Db) => (await repo.listPackages(db, false)).map(toView);

export async function get(db: Db | Tx, id: number) {
  const row = await repo.findPackage(db, id);
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return row;
}

/** A package a customer may buy: one not on sale is 404 like one that does not exist. */
export async function onSale(db: Db | Tx, id: number) {
  const row = await get(db, id);
  if (!row.active) throw notFound(PACKAGE_NOT_FOUND);
  return row;
}

async function values(db: Db | Tx, input: PackageInput): Promise<repo.PackageValues> {
  if (!(await repo.serviceExists(db, input.serviceId))) throw fieldError('serviceId', 'Selecione um serviço válido.');
  return {
    name: input.name,
    serviceId: input.serviceId,
    size: input.size,
    credits: input.credits,
    validityDays: input.validityDays,
    priceCents: toCents(input.price),
    active: input.active,
  };
}

/** The package as the audit log keeps it: the API's fields and units. */
const audited = ({ serviceName: _, ...view }: PackageView) => view;

export const create = (db: Db, actor: Actor, input: PackageInput) =>
  db.transaction(async (tx) => {
    const row = await repo.insertPackage(tx, await values(tx, input));
    if (!row) throw new Error('insert returned nothing');
    const created = toView(await get(tx, row.id));
    await recordChange(tx, actor, { action: 'create', entity: 'package', entityId: row.id, after: audited(created) });
    return created;
  });

/** Credits already sold keep the name, service and expiry they were sold with. */
export const update = (db: Db, actor: Actor, id: number, input: PackageInput) =>
  db.transaction(async (tx) => {
    const before = toView(await get(tx, id));
    if (!(await repo.updatePackage(tx, id, await values(tx, input)))) throw notFound(PACKAGE_NOT_FOUND);
    const after = toView(await get(tx, id));
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'package',
      entityId: id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });

/** Removed from sale and from every list; the credits sold stay valid until they expire. */
export const remove = (db: Db, actor: Actor, id: number) =>
  db.transaction(async (tx) => {
    const before = toView(await get(tx, id));
    if (!(await repo.removePackage(tx, id))) throw notFound(PACKAGE_NOT_FOUND);
    await recordChange(tx, actor, { action: 'delete', entity: 'package', entityId: id, before: audited(before) });
  });

/** The pet the package is for: the caller's own (another's is 404), of the package's size. */
export async function petFor(db: Db | Tx, auth: AuthUser, petId: number, pkg: { size: string | null }) {
  const pet = await repo.findPet(db, petId);
  if (!pet || pet.userId !== auth.id) throw notFound(PET_NOT_FOUND);
  if (pkg.size && pkg.size !== pet.size)
    throw conflict(`Este pacote é para pets de porte ${pkg.size}.`, 'PACKAGE_SIZE_MISMATCH');
  return pet;
}

export interface Grant {
  packageId: number;
  petId: number;
  /** 'online' for a paid order, 'balcao' for a counter sale */
  source: CreditSource;
  /** what paid it, e.g. 'pedido-12' or 'venda-7-item-2': one grant per source, ref, package and pet */
  ref: string;
}

/**
 * Gives the pet the package's credits, valid for its validityDays from now, in the caller's
 * transaction (the paid order's or the counter sale's). Granting the same source and ref again
 * gives nothing more: `granted` is false and the first grant is returned.
 */
export async function grantPackage(tx: Tx, grant: Grant, now = new Date()) {
  const pkg = await repo.findPackage(tx, grant.packageId);
  if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
  const created = await repo.insertGrant(tx, {
    petId: grant.petId,
    packageId: pkg.id,
    packageName: pkg.name,
    serviceId: pkg.serviceId,
    credits: pkg.credits,
    source: grant.source,
    ref: grant.ref,
    expiresAt: new Date(now.getTime() + pkg.validityDays * DAY_MS),
  });
  if (!created) {
    const existing = await repo.findGrant(tx, grant.source, grant.ref, pkg.id, grant.petId);
    if (!existing) throw new Error('grant vanished');
    return { creditId: existing.id, granted: false, expiresAt: existing.expiresAt };
  }
  await repo.insertEntry(tx, { creditId: created.id, delta: pkg.credits, reason: 'compra' });
  const expiresAt = new Date(now.getTime() + pkg.validityDays * DAY_MS);
  return { creditId: created.id, granted: true, expiresAt };
}

const orderRef = (orderId: number) => `pedido-${orderId}`;

/** In the order's transaction: which package and pet its line is for. */
export const recordPurchase = (
  tx: Tx,
  purchase: { orderId: number; packageId: number; petId: number; userId: number },
) => repo.insertPurchase(tx, purchase);

/** The order was paid (at once by card, or when the bank confirmed): its package's credits now exist. */
export async function orderPaid(tx: Tx, orderId: number) {
  const purchase = await repo.findPurchaseByOrder(tx, orderId);
  if (!purchase) return;
  await grantPackage(tx, {
    packageId: purchase.packageId,
    petId: purchase.petId,
    source: 'online',
    ref: orderRef(orderId),
  });
}

/** Money for a package order goes back, all or part: its credits first, by the rule above (409 when short). */
export const orderRefunding = (tx: Tx, orderId: number, share: RefundShare) =>
  withdrawOrRefuse(tx, 'online', orderRef(orderId), share);

/**
 * The card holder took the money of a package order back through their bank: every credit left is
 * voided at once (there is nothing to refuse, the money is already gone).
 */
export async function orderChargedBack(tx: Tx, orderId: number) {
  for (const grant of await repo.findGrantsByRef(tx, 'online', orderRef(orderId))) {
    await writeOff(tx, grant.id, 'estorno');
  }
}

/** Staff who serve customers at the counter and the desk read any pet's credits. */
const CREDIT_READERS: ReadonlySet<string> = new Set([ROLES.admin, ROLES.manager, ROLES.reception]);

/** GET /pets/{id}/credits: the owner's or, for staff, any pet's; another's is 404. */
export async function creditsOf(db: Db, auth: AuthUser, petId: number): Promise<PetCredit[]> {
  const pet = await repo.findPet(db, petId);
  if (!pet || (pet.userId !== auth.id && !CREDIT_READERS.has(auth.role))) throw notFound(PET_NOT_FOUND);
  return (await repo.creditsOfPet(db, petId)).map((row) => ({
    id: row.id,
    packageName: row.packageName,
    packageId: row.packageId,
    serviceId: row.serviceId,
    remaining: Number(row.remaining),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

export interface CreditUse {
  petId: number;
  serviceId: number;
  appointmentId: number;
  /** the appointment's São Paulo date and time: it must start before the credit expires */
  date: string;
  time: string;
}

/**
 * Takes one credit of the pet for the service, from the grant that expires first, for the
 * appointment: the grant's row is locked before its balance is read, so of two bookings racing for
 * the last credit exactly one gets it. Undefined when none is left.
 */
export async function useCredit(tx: Tx, use: CreditUse, now = new Date()) {
  const starts = `${use.date} ${use.time}`;
  for (const candidate of await repo.usableGrants(tx, use.petId, use.serviceId, now)) {
    const expires = businessMoment(candidate.expiresAt);
    if (starts >= `${expires.date} ${expires.time}`) continue;
    if (!(await repo.lockGrant(tx, candidate.id))) continue;
    if ((await repo.balance(tx, candidate.id)) <= 0) continue;
    await repo.insertEntry(tx, { creditId: candidate.id, delta: -1, reason: 'uso', appointmentId: use.appointmentId });
    return { creditId: candidate.id };
  }
  return undefined;
}

/**
 * The appointment was cancelled: a credit it used comes back when the cancellation is at least
 * `minHours` before its start (once: a unique index on the return); later, it stays consumed.
 */
export async function returnCredit(
  tx: Tx,
  appointment: { appointmentId: number; date: string; time: string },
  minHours: number,
  now = new Date(),
) {
  const used = await repo.useOf(tx, appointment.appointmentId);
  if (!used) return false;
  const horizon = businessMoment(new Date(now.getTime() + minHours * 3_600_000));
  if (`${horizon.date} ${horizon.time}` > `${appointment.date} ${appointment.time}`) return false;
  await repo.lockGrant(tx, used.creditId);
  const back = await repo.insertEntry(tx, {
    creditId: used.creditId,
    delta: 1,
    reason: 'devolucao',
    appointmentId: appointment.appointmentId,
  });
  return back !== undefined;
}

/** Whether the credit an appointment used (if any) is still valid at its new date and time. */
export async function creditCovers(tx: Tx, appointmentId: number, date: string, time: string) {
  const used = await repo.useOf(tx, appointmentId);
  if (!used) return true;
  const grant = await repo.lockGrant(tx, used.creditId);
  if (!grant) return true;
  const expires = businessMoment(grant.expiresAt);
  return `${date} ${time}` < `${expires.date} ${expires.time}`;
}

/** LGPD export: the credits of the person's pets, each grant with its ledger (bought, used, given back, expired). */
export const exportOf = (db: Db, userId: number) => repo.exportOf(db, userId);
