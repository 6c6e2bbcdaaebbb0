import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, users } from '../../db/schema';

/** Columns safe to send: never the password hash or token version. */
export const publicColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  cpf: users.cpf,
  phone: users.phone,
  role: users.role,
  photoURL: users.photoUrl,
};

const active = isNull(users.deletedAt);
const emailIs = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

export const findSessionUser = async (db: Db, id: number) =>
  (
    await db
      .select({ id: users.id, role: users.role, tokenVersion: users.tokenVersion })
      .from(users)
      .where(and(eq(users.id, id), active))
  )[0];

export const findById = async (db: Db, id: number) =>
  (
    await db
      .select(publicColumns)
      .from(users)
      .where(and(eq(users.id, id), active))
  )[0];

export const findCredentialsByEmail = async (db: Db, email: string) =>
  (
    await db
      .select({
        ...publicColumns,
        passwordHash: users.passwordHash,
        tokenVersion: users.tokenVersion,
        emailVerified: users.emailVerified,
      })
      .from(users)
      .where(and(emailIs(email), active))
  )[0];

export const listUsers = (db: Db, limit: number, offset: number) =>
  db.select(publicColumns).from(users).where(active).orderBy(asc(users.id)).limit(limit).offset(offset);

export const countUsers = async (db: Db) => (await db.select({ n: count() }).from(users).where(active))[0]?.n ?? 0;

export const emailTaken = async (db: Db, email: string, exceptId?: number) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(emailIs(email), active, exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1)
  ).length > 0;

export const cpfTaken = async (db: Db, cpf: string, exceptId?: number) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.cpf, cpf), active, exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1)
  ).length > 0;

export type NewUser = typeof users.$inferInsert;

export const insertUser = async (db: Db, values: NewUser) =>
  (await db.insert(users).values(values).returning(publicColumns))[0];

export const updateUser = async (db: Db, id: number, values: Partial<NewUser>) =>
  (
    await db
      .update(users)
      .set(values)
      .where(and(eq(users.id, id), active))
      .returning(publicColumns)
  )[0];

export const countAdmins = async (db: Db) =>
  (
    await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), active))
  )[0]?.n ?? 0;

/** Soft delete: orders keep their user; e-mail and CPF become free; every token dies; booked slots are freed. */
export const softDeleteUser = (db: Db, id: number) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ deletedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.id, id), active))
      .returning({ id: users.id });
    if (row) {
      await tx
        .update(appointments)
        .set({ status: 'cancelado' })
        .where(and(eq(appointments.userId, id), eq(appointments.status, 'ativo')));
    }
    return row;
  });

/** Marks the e-mail verified, replaces the password and ends every session; returns the new token version. */
export const claimUnverifiedAccount = async (db: Db, id: number, passwordHash: string) => {
  const [row] = await db
    .update(users)
    .set({ emailVerified: true, passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id))
    .returning({ tokenVersion: users.tokenVersion });
  if (!row) throw new Error('account vanished while being claimed');
  return row.tokenVersion;
};
