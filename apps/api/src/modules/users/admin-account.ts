import { ROLES } from '@petshop/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashPassword, verifyPassword } from '../../lib/password';
import { users } from './users.schema';

/** A valid CPF (check digits 0 0) reserved for the bootstrap admin when it is created. */
const ADMIN_CPF = '00000000191';

/**
 * Creates the admin from ADMIN_EMAIL / ADMIN_PASSWORD, or makes the existing account admin and
 * sets that password. Running it again with the same values changes nothing.
 */
export async function ensureAdmin(db: Db, email: string, password: string) {
  const where = and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt));
  const [existing] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(where);
  if (!existing) {
    const cpfInUse = (await db.select({ id: users.id }).from(users).where(eq(users.cpf, ADMIN_CPF))).length > 0;
    await db.insert(users).values({
      name: 'Administrador',
      email: email.toLowerCase(),
      cpf: cpfInUse ? await freeCpf(db) : ADMIN_CPF,
      phone: '11999999999',
      role: ROLES.admin,
      passwordHash: await hashPassword(password),
      emailVerified: true,
    });
    return 'created' as const;
  }
  const samePassword = await verifyPassword(password, existing.passwordHash);
  if (existing.role === ROLES.admin && samePassword) return 'unchanged' as const;
  await db
    .update(users)
    .set({
      role: ROLES.admin,
      ...(samePassword
        ? {}
        : { passwordHash: await hashPassword(password), tokenVersion: sql`${users.tokenVersion} + 1` }),
    })
    .where(eq(users.id, existing.id));
  return 'updated' as const;
}

/** Another valid CPF from the 000.000.00x-xx range when the first is taken. */
async function freeCpf(db: Db): Promise<string> {
  const { isValidCpf } = await import('@brazilian-utils/brazilian-utils');
  for (let base = 2; base < 999; base += 1) {
    const stem = String(base).padStart(9, '0');
    for (let dv = 0; dv < 100; dv += 1) {
      const cpf = stem + String(dv).padStart(2, '0');
      if (!isValidCpf(cpf)) continue;
      const taken = (await db.select({ id: users.id }).from(users).where(eq(users.cpf, cpf))).length > 0;
      if (!taken) return cpf;
    }
  }
  throw new Error('no free CPF for the admin account');
}
