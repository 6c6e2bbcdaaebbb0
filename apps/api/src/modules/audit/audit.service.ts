import { type AuditEntry, type AuditQuery, foldText, ROLES } from '@petshop/domain';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import * as repo from './audit.repository';
import { maskPersonal } from './personal-data';

/** Who made a change: the staff member of the request, their role and store, and where from. */
export interface Actor {
  userId: number | null;
  role: string;
  /** the store they act for when they belong to exactly one; null for admins and chains of several */
  storeId: number | null;
  ip: string | null;
}

/** A plain value in the API's shape (JSON-able). */
type Fields = Readonly<Record<string, unknown>>;

export interface Change {
  /** a verb: create, update, delete, status, cancel, refund, role, hours, … */
  action: string;
  /** singular, lower case: product, category, service, employee, order, appointment, user, store, … */
  entity: string;
  entityId: number | null;
  /** the record before the write, in the API's field names and units (`price: 40`); null on create */
  before?: Fields | null;
  /** the record after the write; null on delete */
  after?: Fields | null;
  /** the store the record belongs to, when known better than the actor's */
  storeId?: number | null;
}

/** The caller of a staff route, as the audit log names them. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = currentUser(request);
  const storeId = auth.storeIds !== 'all' && auth.storeIds.length === 1 ? (auth.storeIds[0] ?? null) : null;
  return { userId: auth.id, role: auth.role, storeId, ip: request.ip ?? null };
}

/** The caller as an actor when they are staff; undefined for a customer acting on their own things. */
export const staffActor = (request: FastifyRequest): Actor | undefined =>
  currentUser(request).role === ROLES.customer ? undefined : actorOf(request);

/** Field names whose values are never written to the log, wherever they appear. */
const SECRET = /pass(word)?|hash|token|secret|totp|otp|recovery|challenge|cvv|card_?number|api_?key|credential/i;

const ENTITY = /^[a-z][a-z_]*[a-z]$/;

/** The value with every secret-named key removed, at any depth; undefined becomes absent. */
function scrub(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      if (SECRET.test(key) || inner === undefined) continue;
      out[key] = scrub(inner);
    }
    return out;
  }
  return value;
}

/** A canonical text of a JSON value (keys sorted), to compare two of them. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The fields of `before` and `after` that differ (a field present on one side only counts), secrets
 * left out. With one side missing, the other is kept whole (a creation, a deletion).
 */
export function changedFields(
  before: Fields | null | undefined,
  after: Fields | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const b = before ? (scrub(before) as Record<string, unknown>) : null;
  const a = after ? (scrub(after) as Record<string, unknown>) : null;
  if (!b || !a) return { before: b, after: a };
  const outBefore: Record<string, unknown> = {};
  const outAfter: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (canonical(b[key]) === canonical(a[key])) continue;
    if (key in b) outBefore[key] = b[key];
    if (key in a) outAfter[key] = a[key];
  }
  return { before: outBefore, after: outAfter };
}

/**
 * Appends one change to the audit log, in the transaction of the write (`tx`), so both happen or
 * neither does. Only the changed fields are kept; an update that changed nothing writes nothing.
 * Returns whether an entry was written.
 */
export async function recordChange(tx: Db | Tx, actor: Actor, change: Change): Promise<boolean> {
  if (!ENTITY.test(change.entity)) throw new Error(`audit entity "${change.entity}" is not a singular lower-case name`);
  const diff = changedFields(change.before, change.after);
  const before = maskPersonal(change.entity, diff.before);
  const after = maskPersonal(change.entity, diff.after);
  const empty = (side: Record<string, unknown> | null) => side === null || Object.keys(side).length === 0;
  if (change.before && change.after && empty(before) && empty(after)) return false;
  await repo.insertEntry(tx, {
    userId: actor.userId,
    role: actor.role,
    storeId: change.storeId !== undefined ? change.storeId : actor.storeId,
    action: change.action,
    entity: change.entity,
    entityId: change.entityId,
    before,
    after,
    ip: actor.ip,
  });
  return true;
}

/** GET /admin/audit: newest first, filtered. */
export async function list(db: Db, query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
  const { person, ...filter } = query;
  const personWords = person ? foldText(person).split(/\s+/).filter(Boolean) : [];
  const page = await repo.listEntries(db, { ...filter, personWords });
  return {
    total: page.total,
    items: page.items.map((row) => ({ ...row, at: new Date(row.at).toISOString() })),
  };
}
