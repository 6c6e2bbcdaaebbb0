import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Schemas whose tables the app reads and writes: its own, and pg-boss's job queues. */
const APP_SCHEMAS = ['public', 'pgboss'] as const;

/**
 * Tables the app may only append to and read. Their triggers refuse changes too; without UPDATE
 * and DELETE the app's role cannot even reach them, and it owns nothing, so it cannot switch the
 * triggers off.
 */
const APPEND_ONLY = ['audit_log'] as const;

/** Both drivers answer raw SQL with `{ rows }`; the shared Db type does not say so. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const ident = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** The role a connection signs in as. */
export async function currentRole(db: Db): Promise<string> {
  const role = rowsOf<{ role: string }>(await db.execute(sql`select current_user as role`))[0]?.role;
  if (!role) throw new Error('the database did not name the current role');
  return role;
}

/**
 * Run by the owner after the migrations: the app's role may read and write rows, and nothing else.
 * It creates no table (CREATE on the schemas is taken from everyone but the owner), alters none,
 * disables no trigger (only an owner can) and never updates or deletes an append-only table's rows.
 * Grants are repeated at every start, so a table a new migration adds is covered too.
 */
export async function grantAppRole(owner: Db, appRole: string) {
  const role = ident(appRole);
  await owner.transaction(async (tx) => {
    const schemas = rowsOf<{ name: string }>(
      await tx.execute(sql`
        select nspname as name from pg_namespace where nspname in (${sql.join(
          APP_SCHEMAS.map((schema) => sql`${schema}`),
          sql`, `,
        )})`),
    );
    for (const { name: schema } of schemas) {
      const name = ident(schema);
      await tx.execute(sql`revoke create on schema ${name} from public`);
      await tx.execute(sql`grant usage on schema ${name} to ${role}`);
      await tx.execute(sql`grant select, insert, update, delete on all tables in schema ${name} to ${role}`);
      await tx.execute(sql`grant usage, select on all sequences in schema ${name} to ${role}`);
      await tx.execute(sql`grant execute on all functions in schema ${name} to ${role}`);
    }
    for (const table of APPEND_ONLY) {
      await tx.execute(sql`revoke update, delete, truncate on table ${ident(table)} from ${role}`);
    }
  });
}

/**
 * Whether the role the app signs in as could change the rules it runs under: a superuser, or the
 * owner of any of the app's tables (who may disable their triggers or alter them).
 */
export async function ownsTheSchema(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ superuser: boolean; owned: number }>(
    await db.execute(sql`
      select (select rolsuper from pg_roles where rolname = current_user) as superuser,
             (select count(*)::int from pg_tables
               where schemaname = 'public' and tableowner = current_user) as owned`),
  );
  return Boolean(row && (row.superuser || row.owned > 0));
}
