import { foldText, onlyDigits, type Preferences, ROLES, type UserListQuery } from '@petshop/domain';
import { and, asc, count, eq, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { escapeLike, foldedContains } from '../../db/folded-search';
import { users } from '../../db/schema';

/** Columns safe to send: never the password hash or token version. */
const publicColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  /** '' for a staff account made by an invitation, until the person adds theirs */
  cpf: sql<string>`coalesce(${users.cpf}, '')`,
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

export const endSessions = async (db: Db | Tx, id: number) => {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id));
};

/** The live account with this e-mail (any case). */
export const findByEmail = async (db: Db | Tx, email: string) =>
  (
    await db
      .select(publicColumns)
      .from(users)
      .where(and(emailIs(email), active))
  )[0];

export const findById = async (db: Db | Tx, id: number) =>
  (
    await db
      .select(publicColumns)
      .from(users)
      .where(and(eq(users.id, id), active))
  )[0];

/** Where a live account's messages go. */
export const findRecipient = async (db: Db | Tx, id: number) =>
  (
    await db
      .select({
        userId: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        whatsappOptIn: users.whatsappOptIn,
      })
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

/**
 * Name folded like foldText (lower case, no accents), each word anywhere in it ('maria silva'
 * finds 'Maria da Silva'); or the e-mail in any case; or CPF or phone digits.
 */
function matching(q: string | undefined) {
  const term = q?.trim();
  if (!term) return undefined;
  const words = foldText(term).split(/\s+/).filter(Boolean);
  // CPF and phone match only a term that is a number (digits and a mask): the digits of a name or
  // an e-mail ('Maria 2', 'ana1990@…') would otherwise find strangers' documents.
  const digits = /^[\d\s().\-+/]+$/.test(term) ? onlyDigits(term) : '';
  return or(
    and(...words.map((word) => foldedContains(users.name, word))),
    sql`lower(${users.email}) like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`,
    digits.length >= 3 ? like(users.cpf, `%${digits}%`) : undefined,
    // Reception finds the customer by the number they call from.
    digits.length >= 4 ? like(users.phone, `%${digits}%`) : undefined,
  );
}

export const listUsers = (db: Db, { limit, offset, q }: UserListQuery, role?: string) =>
  db
    .select(publicColumns)
    .from(users)
    .where(and(active, matching(q), role ? eq(users.role, role) : undefined))
    .orderBy(asc(users.id))
    .limit(limit)
    .offset(offset);

export const countUsers = async (db: Db, q?: string, role?: string) =>
  (
    await db
      .select({ n: count() })
      .from(users)
      .where(and(active, matching(q), role ? eq(users.role, role) : undefined))
  )[0]?.n ?? 0;

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

export const insertUser = async (db: Db | Tx, values: NewUser) =>
  (await db.insert(users).values(values).returning(publicColumns))[0];

export const updateUser = async (db: Db | Tx, id: number, values: Partial<NewUser>) =>
  (
    await db
      .update(users)
      .set(values)
      .where(and(eq(users.id, id), active))
      .returning(publicColumns)
  )[0];

/**
 * Locks every live admin row until the transaction ends and returns their ids. Two transactions that
 * each remove an admin queue here, and the second sees the first one's change (its row no longer
 * matches), so the count it decides on is never stale.
 */
export const lockActiveAdmins = async (tx: Tx) =>
  (
    await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, ROLES.admin), active))
      .orderBy(asc(users.id))
      .for('update')
  ).map((row) => row.id);

/**
 * Soft delete, in the caller's transaction: the row stays (orders point to it, for the books) but
 * loses name, e-mail, CPF, phone, photo and password; e-mail and CPF become free; every token dies.
 */
export async function softDeleteUser(tx: Tx, id: number) {
  const [row] = await tx
    .update(users)
    .set({
      deletedAt: new Date(),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      name: 'Conta excluída',
      email: sql`'excluida-' || ${users.id} || '@anonimo.invalid'`,
      cpf: '00000000000',
      phone: '0000000000',
      passwordHash: '!',
      photoUrl: null,
      emailVerified: false,
      marketingOptIn: false,
      whatsappOptIn: false,
    })
    .where(and(eq(users.id, id), active))
    .returning({ id: users.id });
  return row;
}

/** True when the account was deleted (or never existed). */
export const isGone = async (db: Db | Tx, id: number) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), active))
  ).length === 0;

const preferenceColumns = { marketingOptIn: users.marketingOptIn, whatsappOptIn: users.whatsappOptIn };

export const findPreferences = async (db: Db, id: number) =>
  (
    await db
      .select(preferenceColumns)
      .from(users)
      .where(and(eq(users.id, id), active))
  )[0];

export const updatePreferences = async (db: Db, id: number, values: Preferences) =>
  (
    await db
      .update(users)
      .set(values)
      .where(and(eq(users.id, id), active))
      .returning(preferenceColumns)
  )[0];

/** LGPD export: the profile, secrets left out (password hash, token version). */
export const exportProfile = async (db: Db, id: number) =>
  (
    await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        cpf: users.cpf,
        phone: users.phone,
        role: users.role,
        photoURL: users.photoUrl,
        emailVerified: users.emailVerified,
        marketingOptIn: users.marketingOptIn,
        whatsappOptIn: users.whatsappOptIn,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(and(eq(users.id, id), active))
  )[0];

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

export const findPasswordHash = async (db: Db, id: number) =>
  (
    await db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, id), active))
  )[0]?.passwordHash;

/** New password and every session ended (token version); `emailProven` when a mailed link was used. */
export const setPassword = async (tx: Db | Tx, id: number, passwordHash: string, emailProven: boolean) =>
  (
    await tx
      .update(users)
      .set({
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        ...(emailProven ? { emailVerified: true } : {}),
      })
      .where(and(eq(users.id, id), active))
      .returning({ ...publicColumns, tokenVersion: users.tokenVersion })
  )[0];

/** Who pays, as a PSP asks for it (e-mail, name and CPF). */
export const findPayer = async (db: Db | Tx, id: number) =>
  (
    await db
      .select({ email: users.email, name: users.name, cpf: publicColumns.cpf })
      .from(users)
      .where(eq(users.id, id))
  )[0];

/** The live admins' ids, e.g. to tell them of a chargeback. */
export const listAdminIds = async (db: Db | Tx) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, ROLES.admin), active))
      .orderBy(asc(users.id))
  ).map((row) => row.id);
