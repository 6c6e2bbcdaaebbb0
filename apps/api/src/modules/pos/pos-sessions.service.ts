import {
  type CashMovementBody,
  type CloseSessionBody,
  type ClosingReport,
  formatMoney,
  fromCents,
  type OpenSessionBody,
  POS_METHOD_KEYS,
  type PosSession,
  toCents,
} from '@petshop/domain';
import type { Db, Executor, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { withConstraintErrors } from '../../lib/pg-error';
import { assertStoreAccess } from '../../lib/store-scope';
import { type Actor, recordChange } from '../audit/audit.service';
import * as repo from './pos.repository';
import type { MethodCents } from './pos.schema';

export const SESSION_NOT_FOUND = 'Caixa não encontrado.';
export const SESSION_CLOSED = 'Este caixa já foi fechado: nada mais muda nele.';
const STORE_NOT_FOUND = 'Loja não encontrada.';
const ALREADY_OPEN = 'Você já tem um caixa aberto nesta loja. Feche-o antes de abrir outro.';
const SALES_PENDING = 'Há vendas aguardando o Pix neste caixa. Conclua ou cancele-as antes de fechar.';

/** Who may see and close anyone's session; an operator sees and works only their own. */
const SUPERVISORS: readonly string[] = ['admin', 'manager'];
export const isSupervisor = (user: AuthUser) => SUPERVISORS.includes(user.role);

export const sessionClosed = () => conflict(SESSION_CLOSED, 'SESSION_CLOSED');

const zero = (): MethodCents => ({ dinheiro: 0, pix: 0, credito: 0, debito: 0 });
const toReais = (cents: MethodCents) => ({
  dinheiro: fromCents(cents.dinheiro),
  pix: fromCents(cents.pix),
  credito: fromCents(cents.credito),
  debito: fromCents(cents.debito),
});

/**
 * What each method should hold: the drawer starts with the opening cash, gains supplies and cash
 * sales (what stayed, after the change), loses withdrawals and cash paid back; Pix and cards are
 * what the completed sales took less what returns paid back.
 */
export async function expectedOf(db: Executor, session: repo.SessionRow): Promise<MethodCents> {
  const [movements, taken, returns] = await Promise.all([
    repo.listMovements(db, session.id),
    repo.takenByMethod(db, session.id),
    repo.returnsOfSession(db, session.id),
  ]);
  const expected = zero();
  expected.dinheiro = session.openingCashCents;
  for (const m of movements) expected.dinheiro += m.type === 'suprimento' ? m.amountCents : -m.amountCents;
  for (const t of taken) expected[POS_METHOD_KEYS[t.method]] += t.cents;
  for (const r of returns)
    for (const [method, cents] of Object.entries(r.refunds))
      expected[POS_METHOD_KEYS[method as keyof typeof POS_METHOD_KEYS]] -= cents ?? 0;
  return expected;
}

export function reportOf(expected: MethodCents, counted: MethodCents): ClosingReport {
  const difference = zero();
  for (const key of Object.keys(difference) as (keyof MethodCents)[]) difference[key] = counted[key] - expected[key];
  return { expected: toReais(expected), counted: toReais(counted), difference: toReais(difference) };
}

export async function view(db: Executor, session: repo.SessionRow): Promise<PosSession> {
  const [movements, expected, salesCount] = await Promise.all([
    repo.listMovements(db, session.id),
    session.expected ? Promise.resolve(session.expected) : expectedOf(db, session),
    repo.countSales(db, session.id),
  ]);
  return {
    id: session.id,
    storeId: session.storeId,
    operatorId: session.operatorId,
    openingCash: fromCents(session.openingCashCents),
    openedAt: session.openedAt.toISOString(),
    closedAt: session.closedAt?.toISOString() ?? null,
    status: session.closedAt ? 'Fechado' : 'Aberto',
    movements: movements.map((m) => ({
      id: m.id,
      type: m.type,
      amount: fromCents(m.amountCents),
      note: m.note,
      at: m.createdAt.toISOString(),
    })),
    expected: toReais(expected),
    report: session.expected && session.counted ? reportOf(session.expected, session.counted) : null,
    salesCount,
  };
}

/** A session of another store, or another operator's (unless the caller supervises the store), is not found. */
function visible(user: AuthUser, session: repo.SessionRow | undefined): repo.SessionRow {
  if (!session || (session.operatorId !== user.id && !isSupervisor(user))) throw notFound(SESSION_NOT_FOUND);
  assertStoreAccess(user, session.storeId, SESSION_NOT_FOUND);
  return session;
}

export async function open(db: Db, user: AuthUser, actor: Actor, body: OpenSessionBody) {
  assertStoreAccess(user, body.storeId, STORE_NOT_FOUND);
  if (!(await repo.storeExists(db, body.storeId))) throw notFound(STORE_NOT_FOUND);
  const session = await withConstraintErrors(
    { pos_sessions_one_open_uq: () => conflict(ALREADY_OPEN, 'SESSION_ALREADY_OPEN') },
    () =>
      db.transaction(async (tx) => {
        const created = await repo.insertSession(tx, {
          storeId: body.storeId,
          operatorId: user.id,
          openingCashCents: toCents(body.openingCash),
        });
        await recordChange(tx, actor, {
          action: 'open',
          entity: 'cash_session',
          entityId: created.id,
          after: { storeId: body.storeId, openingCash: body.openingCash },
          storeId: body.storeId,
        });
        return created;
      }),
  );
  return view(db, session);
}

export async function get(db: Db, user: AuthUser, id: number) {
  return view(db, visible(user, await repo.findSession(db, id)));
}

/** The caller's open session (at a store, or their first open one), or null. */
export async function current(db: Db, user: AuthUser, storeId?: number) {
  const session = await repo.findOpenSession(db, user.id, storeId);
  return session ? view(db, session) : null;
}

/** The operator's own open session, locked against a closing while `work` runs. */
export async function withOpenSession<T>(
  tx: Tx,
  user: AuthUser,
  id: number,
  work: (session: repo.SessionRow) => Promise<T>,
): Promise<T> {
  const session = await repo.lockSession(tx, id, 'share');
  if (!session || session.operatorId !== user.id) throw notFound(SESSION_NOT_FOUND);
  assertStoreAccess(user, session.storeId, SESSION_NOT_FOUND);
  if (session.closedAt) throw sessionClosed();
  return work(session);
}

export async function addMovement(db: Db, user: AuthUser, actor: Actor, id: number, body: CashMovementBody) {
  const session = await db.transaction(async (tx) => {
    const locked = await repo.lockSession(tx, id, 'update');
    const own = visible(user, locked);
    if (own.closedAt) throw sessionClosed();
    const amountCents = toCents(body.amount);
    if (body.type === 'sangria') {
      const cash = (await expectedOf(tx, own)).dinheiro;
      if (amountCents > cash)
        throw conflict(`A sangria passa do dinheiro no caixa (${formatMoney(fromCents(cash))}).`, 'NOT_ENOUGH_CASH');
    }
    const note = body.note ?? '';
    await repo.insertMovement(tx, { sessionId: id, type: body.type, amountCents, note, userId: user.id });
    await recordChange(tx, actor, {
      action: body.type,
      entity: 'cash_session',
      entityId: id,
      after: { type: body.type, amount: body.amount, note },
      storeId: own.storeId,
    });
    return own;
  });
  return view(db, session);
}

/** Closes once: the counted amounts against the expected, per method; the session never changes again. */
export async function close(
  db: Db,
  user: AuthUser,
  actor: Actor,
  id: number,
  body: CloseSessionBody,
): Promise<ClosingReport> {
  return db.transaction(async (tx) => {
    const session = visible(user, await repo.lockSession(tx, id, 'update'));
    if (session.closedAt) throw sessionClosed();
    if ((await repo.countSales(tx, id, 'Aguardando pagamento')) > 0) throw conflict(SALES_PENDING, 'SALES_PENDING');
    const expected = await expectedOf(tx, session);
    const counted: MethodCents = {
      dinheiro: toCents(body.counted.dinheiro),
      pix: toCents(body.counted.pix),
      credito: toCents(body.counted.credito),
      debito: toCents(body.counted.debito),
    };
    await repo.closeSession(tx, id, expected, counted);
    const report = reportOf(expected, counted);
    await recordChange(tx, actor, {
      action: 'close',
      entity: 'cash_session',
      entityId: id,
      before: { status: 'Aberto' },
      after: { status: 'Fechado', ...report },
      storeId: session.storeId,
    });
    return report;
  });
}
