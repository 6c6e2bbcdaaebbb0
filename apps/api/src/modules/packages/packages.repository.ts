import type { PetSize } from '@petshop/domain';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { packagePurchases, packages, petCreditEntries, petCredits, pets, services } from '../../db/schema';
import type { CreditReason, CreditSource } from './packages.schema';

const packageColumns = {
  id: packages.id,
  name: packages.name,
  serviceId: packages.serviceId,
  serviceName: services.name,
  size: packages.size,
  credits: packages.credits,
  validityDays: packages.validityDays,
  priceCents: packages.priceCents,
  active: packages.active,
};

export type PackageRow = NonNullable<Awaited<ReturnType<typeof findPackage>>>;

/** Every package not removed (admin), or only those on sale (public). */
export const listPackages = (db: Executor, activeOnly: boolean) =>
  db
    .select(packageColumns)
    .from(packages)
    .innerJoin(services, eq(services.id, packages.serviceId))
    .where(and(isNull(packages.deletedAt), activeOnly ? eq(packages.active, true) : undefined))
    .orderBy(asc(services.name), asc(packages.priceCents), asc(packages.id));

export const findPackage = async (db: Executor, id: number) =>
  (
    await db
      .select(packageColumns)
      .from(packages)
      .innerJoin(services, eq(services.id, packages.serviceId))
      .where(and(eq(packages.id, id), isNull(packages.deletedAt)))
  )[0];

export interface PackageValues {
  name: string;
  serviceId: number;
  size: PetSize | null;
  credits: number;
  validityDays: number;
  priceCents: number;
  active: boolean;
}

export const insertPackage = async (db: Executor, values: PackageValues) =>
  (await db.insert(packages).values(values).returning({ id: packages.id }))[0];

export const updatePackage = async (db: Executor, id: number, values: PackageValues) =>
  (
    await db
      .update(packages)
      .set(values)
      .where(and(eq(packages.id, id), isNull(packages.deletedAt)))
      .returning({ id: packages.id })
  )[0];

export const removePackage = async (db: Executor, id: number) =>
  (
    await db
      .update(packages)
      .set({ deletedAt: new Date(), active: false })
      .where(and(eq(packages.id, id), isNull(packages.deletedAt)))
      .returning({ id: packages.id })
  )[0];

/** A live (not archived) service. */
export const serviceExists = async (db: Executor, id: number) =>
  (
    await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, id), isNull(services.archivedAt)))
  ).length > 0;

/** A live pet: its owner and size. */
export const findPet = async (db: Executor, id: number) =>
  (
    await db
      .select({ id: pets.id, userId: pets.userId, name: pets.name, size: sql<PetSize>`${pets.size}` })
      .from(pets)
      .where(and(eq(pets.id, id), isNull(pets.deletedAt)))
  )[0];

export const insertPurchase = (tx: Tx, values: { orderId: number; packageId: number; petId: number; userId: number }) =>
  tx.insert(packagePurchases).values(values);

export const findPurchaseByOrder = async (tx: Tx, orderId: number) =>
  (await tx.select().from(packagePurchases).where(eq(packagePurchases.orderId, orderId)))[0];

/** The grant, once per (source, ref, package, pet): undefined when it existed already. */
export const insertGrant = async (
  tx: Tx,
  values: {
    petId: number;
    packageId: number;
    packageName: string;
    serviceId: number;
    credits: number;
    source: CreditSource;
    ref: string;
    expiresAt: Date;
  },
) => (await tx.insert(petCredits).values(values).onConflictDoNothing().returning({ id: petCredits.id }))[0];

export const findGrant = async (tx: Tx, source: CreditSource, ref: string, packageId: number, petId: number) =>
  (
    await tx
      .select({ id: petCredits.id, expiresAt: petCredits.expiresAt })
      .from(petCredits)
      .where(
        and(
          eq(petCredits.source, source),
          eq(petCredits.ref, ref),
          eq(petCredits.packageId, packageId),
          eq(petCredits.petId, petId),
        ),
      )
  )[0];

export const findGrantsByRef = (tx: Tx, source: CreditSource, ref: string) =>
  tx
    .select({ id: petCredits.id })
    .from(petCredits)
    .where(and(eq(petCredits.source, source), eq(petCredits.ref, ref)))
    .orderBy(asc(petCredits.id));

/** Locks the grant: every entry is written holding this lock, so a balance read after it stays true. */
export const lockGrant = async (tx: Tx, id: number) =>
  (
    await tx
      .select({ id: petCredits.id, expiresAt: petCredits.expiresAt, credits: petCredits.credits })
      .from(petCredits)
      .where(eq(petCredits.id, id))
      .for('update')
  )[0];

/** The grant's balance, the sum of its entries (qualified by hand: Drizzle leaves one table's columns bare). */
export const balanceOf = sql<number>`coalesce((select sum(e.delta) from pet_credit_entries e where e.credit_id = "pet_credits"."id"), 0)::int`;

export const balance = async (tx: Tx, creditId: number) =>
  Number(
    (
      await tx
        .select({ n: sql<number>`coalesce(sum(${petCreditEntries.delta}), 0)::int` })
        .from(petCreditEntries)
        .where(eq(petCreditEntries.creditId, creditId))
    )[0]?.n ?? 0,
  );

/** Credits of the grant written off because its money went back ('estorno'). */
export const writtenOff = async (tx: Tx, creditId: number) =>
  Number(
    (
      await tx
        .select({ n: sql<number>`coalesce(-sum(${petCreditEntries.delta}), 0)::int` })
        .from(petCreditEntries)
        .where(and(eq(petCreditEntries.creditId, creditId), eq(petCreditEntries.reason, 'estorno')))
    )[0]?.n ?? 0,
  );

export const insertEntry = async (
  tx: Tx,
  values: { creditId: number; delta: number; reason: CreditReason; appointmentId?: number },
) => (await tx.insert(petCreditEntries).values(values).onConflictDoNothing().returning({ id: petCreditEntries.id }))[0];

/** The pet's grants of a service that have not expired at `now` and had credits left when read (no lock). */
export const usableGrants = (tx: Tx, petId: number, serviceId: number, now: Date) =>
  tx
    .select({ id: petCredits.id, expiresAt: petCredits.expiresAt })
    .from(petCredits)
    .where(
      and(
        eq(petCredits.petId, petId),
        eq(petCredits.serviceId, serviceId),
        gt(petCredits.expiresAt, now),
        sql`${balanceOf} > 0`,
      ),
    )
    .orderBy(asc(petCredits.expiresAt), asc(petCredits.id));

/** The credit an appointment used, if any, and whether it was given back already. */
export const useOf = async (tx: Tx, appointmentId: number) =>
  (
    await tx
      .select({ creditId: petCreditEntries.creditId })
      .from(petCreditEntries)
      .where(and(eq(petCreditEntries.appointmentId, appointmentId), eq(petCreditEntries.reason, 'uso')))
  )[0];

export const creditColumns = {
  id: petCredits.id,
  packageName: petCredits.packageName,
  packageId: petCredits.packageId,
  serviceId: petCredits.serviceId,
  remaining: balanceOf,
  expiresAt: petCredits.expiresAt,
};

/** Every grant of the pet, the ones that expire first on top. */
export const creditsOfPet = (db: Executor, petId: number) =>
  db
    .select(creditColumns)
    .from(petCredits)
    .where(eq(petCredits.petId, petId))
    .orderBy(desc(sql`${petCredits.expiresAt} > now()`), asc(petCredits.expiresAt), asc(petCredits.id));

/** LGPD export: every grant to the person's pets, as stored, with its ledger lines. */
export async function exportOf(db: Executor, userId: number) {
  const grants = await db
    .select({
      id: petCredits.id,
      petId: petCredits.petId,
      petName: pets.name,
      packageId: petCredits.packageId,
      packageName: petCredits.packageName,
      serviceId: petCredits.serviceId,
      credits: petCredits.credits,
      remaining: balanceOf,
      source: petCredits.source,
      ref: petCredits.ref,
      expiresAt: petCredits.expiresAt,
      expiryNoticeAt: petCredits.expiryNoticeAt,
      createdAt: petCredits.createdAt,
    })
    .from(petCredits)
    .innerJoin(pets, eq(pets.id, petCredits.petId))
    .where(eq(pets.userId, userId))
    .orderBy(asc(petCredits.id));
  const ids = grants.map((g) => g.id);
  const entries =
    ids.length === 0
      ? []
      : await db
          .select({
            creditId: petCreditEntries.creditId,
            delta: petCreditEntries.delta,
            reason: petCreditEntries.reason,
            appointmentId: petCreditEntries.appointmentId,
            createdAt: petCreditEntries.createdAt,
          })
          .from(petCreditEntries)
          .where(inArray(petCreditEntries.creditId, ids))
          .orderBy(asc(petCreditEntries.id));
  return grants.map((grant) => ({
    ...grant,
    entries: entries.filter((e) => e.creditId === grant.id).map(({ creditId: _, ...entry }) => entry),
  }));
}
