import { setTimeout as sleep } from 'node:timers/promises';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_FIELD_LABELS, SUBSCRIPTION_STATUS } from '@petshop/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, employees, messages, paymentRefunds, users } from '../../src/db/schema';
import { createTestContext, type TestContext } from '../helper';
import { operations, send } from './operations';
import { type Cell, PERMISSIONS, type Request } from './permission-table';
import { buildWorld, CALLERS, type Caller, type World } from './world';

/**
 * Every staff write is audited (API.md, 'Staff, roles and stores'): each write operation of the
 * OpenAPI document that a staff role may call is called once, successfully, as the first staff role
 * the permission table lets through, and must leave an entry of that caller in the audit log.
 */

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext({ SIGNUP_IP_MAX_ATTEMPTS: '1000' });
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const STAFF: readonly Caller[] = ['admin', 'manager', 'reception', 'professional'];

/** Writes staff may call that change nothing of the shop's data: the caller's own things. */
const NOT_SHOP_CHANGES: Record<string, string> = {
  login: 'one’s own sign-in',
  loginWithGoogle: 'one’s own sign-in',
  verifyTwoFactor: 'the code step of one’s own sign-in',
  setUpTwoFactor: 'one’s own enrolment: a secret no sign-in uses until the first code enables it (audited)',
  enableTwoFactor: 'one’s own second factor (audited all the same, as a change of the account)',
  disableTwoFactor: 'one’s own second factor (audited all the same, as a change of the account)',
  requestPasswordReset: 'a link to one’s own mailbox',
  resetPassword: 'one’s own new password, by the link',
  registerUser: 'a public sign-up: the account is its owner’s, whoever sends the form',
  uploadProductImage: 'a file with no record of its own; the product that shows it is audited when saved',
  addToCart: 'one’s own cart',
  removeFromCart: 'one’s own cart',
  clearCart: 'one’s own cart',
  deleteCart: 'one’s own cart',
  createAddress: 'one’s own address',
  createPet: 'one’s own pet',
  authorizeSandboxRecurrence: 'the sandbox playing the customer’s bank app; no shop data until the PSP notifies',
  paySandboxCycle: 'the sandbox playing the customer’s bank; no shop data until the PSP notifies',
  acceptStaffInvitation:
    'the invited person, by the e-mailed token, not a staff session; its invite_accept entry is proved in staff-invite.test.ts',
};

/** Staff writes known to lack their entry: none. A write added here must say why and for how long. */
const PENDING_AUDIT: readonly string[] = [];

interface Success {
  caller: Caller;
  call: (w: World) => Promise<Request>;
}

/** The matrix request of `id` with `patch` over its body: an update that changes something. */
const changed =
  (id: string, patch: (body: Record<string, unknown>) => Record<string, unknown>): Success['call'] =>
  async (w) => {
    const request = await PERMISSIONS[id]?.call(w, 'admin');
    if (!request) throw new Error(`no row ${id}`);
    return {
      ...request,
      payload: { ...(request.payload as object), ...patch(request.payload as Record<string, unknown>) },
    };
  };
const otherWeek = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' }));

/**
 * Writes whose matrix request does not change anything (an update to what is already there writes
 * no entry) or is refused on purpose (a 4xx past the gate): a request that changes something.
 */
const SUCCEEDS: Record<string, Success> = {
  setEmployeeSchedule: { caller: 'admin', call: changed('setEmployeeSchedule', () => ({ week: otherWeek })) },
  setStoreHours: { caller: 'admin', call: changed('setStoreHours', () => ({ week: otherWeek })) },
  replaceShippingTable: {
    caller: 'admin',
    call: changed('replaceShippingTable', (table) => ({ freeAbove: Number(table.freeAbove ?? 0) + 1 })),
  },
  updatePlan: { caller: 'admin', call: changed('updatePlan', (plan) => ({ price: Number(plan.price) + 1 })) },
  updatePackage: { caller: 'admin', call: changed('updatePackage', (pack) => ({ price: Number(pack.price) + 1 })) },
  resetTwoFactor: {
    caller: 'admin',
    async call(w) {
      const member = await w.t.staffMember('reception', [w.storeA]);
      const setup = await w.t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: member.auth });
      const secret = new URL(setup.json().data.otpauthUrl as string).searchParams.get('secret') ?? '';
      const enabled = await w.t.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/enable',
        headers: member.auth,
        payload: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) },
      });
      if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.body}`);
      return { method: 'DELETE', url: `/api/user/${member.user.id}/2fa` };
    },
  },
  resendMessage: {
    caller: 'admin',
    async call(w) {
      await w.t.db.update(messages).set({ status: 'falhou' }).where(eq(messages.id, w.messageId));
      return { method: 'POST', url: `/api/admin/messages/${w.messageId}/resend` };
    },
  },
  deleteOrder: {
    caller: 'admin',
    async call(w) {
      // Only a cancelled order that was never paid may be deleted: a Pix one cancelled unpaid.
      const paid = await send(w, 'customer', {
        method: 'POST',
        url: '/api/payments/pay',
        payload: { cartId: await w.fresh.cart(), paymentMethod: 'Pix', deliveryMethod: 'Retirada na loja' },
      });
      const orderId = paid.json().data.order.id as number;
      const cancelled = await send(w, 'customer', { method: 'DELETE', url: `/api/orders/cancel/${orderId}` });
      if (cancelled.statusCode !== 200) throw new Error(`cancel failed: ${cancelled.body}`);
      return { method: 'DELETE', url: `/api/orders/admin/${orderId}` };
    },
  },
  confirmOrderRefund: {
    caller: 'admin',
    async call(w) {
      // A transfer the owner makes by hand (a boleto's refund), waiting for their confirmation.
      const { orderId, paymentId } = await w.fresh.order();
      const [refund] = await w.t.db
        .insert(paymentRefunds)
        .values({
          paymentId,
          amountCents: 100,
          reason: 'Transferência',
          kind: 'manual',
          status: 'pendente',
          requestKey: 'x',
        })
        .returning({ id: paymentRefunds.id });
      return { method: 'POST', url: `/api/orders/${orderId}/refunds/${refund?.id}/confirm` };
    },
  },
  pauseSubscription: { caller: 'admin', call: (w) => activeSubscription(w, 'pause') },
  resumeSubscription: {
    caller: 'admin',
    async call(w) {
      const pause = await activeSubscription(w, 'pause');
      const paused = await send(w, 'admin', pause);
      if (paused.statusCode !== 200) throw new Error(`pause failed: ${paused.body}`);
      return { method: 'POST', url: pause.url.replace(/pause$/, 'resume') };
    },
  },
};

/** A request for `action` on a new subscription whose Pix Automático the (sandbox) bank authorised. */
async function activeSubscription(w: World, action: string): Promise<Request> {
  const authorize = await PERMISSIONS.authorizeSandboxRecurrence?.call(w, 'customer');
  if (!authorize) throw new Error('no authorisation row');
  const res = await send(w, 'customer', authorize);
  if (res.statusCode !== 200) throw new Error(`authorisation failed: ${res.body}`);
  const id = authorize.url.match(/subscriptions\/(\d+)\//)?.[1];
  // The authorisation arrives as the PSP's notification, a moment later.
  const status = async () =>
    (await send(w, 'customer', { method: 'GET', url: `/api/subscriptions/${id}` })).json().data.status;
  for (let i = 0; i < 200 && (await status()) !== SUBSCRIPTION_STATUS.active; i += 1) await sleep(25);
  return { method: 'POST', url: `/api/subscriptions/${id}/${action}` };
}

const cellsOf = (id: string) => (PERMISSIONS[id]?.expect.split(/\s+/) ?? []) as Cell[];
const staffCell = (id: string, caller: Caller) => cellsOf(id)[CALLERS.indexOf(caller)];

/** The write operations some staff role may call (allowed, or past the gate), and those given a success. */
const staffWrites = () =>
  operations(t)
    .filter((op) => WRITES.includes(op.method))
    .filter(
      (op) =>
        op.operationId in SUCCEEDS ||
        STAFF.some((caller) => ['ok', 'in'].includes(staffCell(op.operationId, caller) ?? '')),
    )
    .map((op) => op.operationId);

const lastEntryId = async () =>
  (await t.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog))[0]?.id ?? 0;

const entriesSince = async (id: number, userId: number) =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(gt(auditLog.id, id), eq(auditLog.userId, userId)))
  )[0]?.n ?? 0;

describe('the audit trail covers every staff write', () => {
  it('names only writes staff may call in its lists', () => {
    const writes = staffWrites();
    const listed = [...Object.keys(NOT_SHOP_CHANGES), ...PENDING_AUDIT, ...Object.keys(SUCCEEDS)];
    expect(listed.filter((id) => !writes.includes(id))).toEqual([]);
  });

  it('leaves an entry of its caller for each one', async () => {
    const missing: string[] = [];
    const failed: string[] = [];
    const walked = staffWrites().filter((id) => !(id in NOT_SHOP_CHANGES));
    for (const id of walked) {
      const success = SUCCEEDS[id];
      const caller = success?.caller ?? STAFF.find((c) => staffCell(id, c) === 'ok');
      const row = PERMISSIONS[id];
      if (!caller || !row) {
        failed.push(`${id}: no staff call that succeeds (add one to SUCCEEDS)`);
        continue;
      }
      const request = success ? await success.call(w) : await row.call(w, caller);
      const since = await lastEntryId();
      const res = await send(w, caller, request);
      if (res.statusCode >= 300) {
        failed.push(`${id} as ${caller}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        continue;
      }
      if ((await entriesSince(since, w.as[caller as Exclude<Caller, 'visitor'>].user.id)) === 0)
        missing.push(`${id} as ${caller}`);
    }
    console.log(`audit coverage: ${walked.length} staff writes called, ${missing.length} without an entry`);
    expect(failed).toEqual([]);
    const unaudited = (id: string) => missing.some((m) => m.startsWith(`${id} `));
    expect(missing.filter((m) => !PENDING_AUDIT.some((id) => m.startsWith(`${id} `)))).toEqual([]);
    // A pending write that has its entry now: take it off PENDING_AUDIT.
    expect(PENDING_AUDIT.filter((id) => !unaudited(id))).toEqual([]);
  }, 300_000);

  // After the walk above: the log now holds an entry of every kind staff can write.
  it('keeps no person’s name, e-mail, CPF or phone in clear, in any entry', async () => {
    const people = [
      ...(await t.db.select({ name: users.name, email: users.email, cpf: users.cpf, phone: users.phone }).from(users)),
      ...(await t.db.select({ name: employees.name, phone: employees.phone }).from(employees)),
    ];
    const personal = new Set(
      people.flatMap((p) => Object.values(p)).filter((v): v is string => typeof v === 'string' && v.length >= 5),
    );
    const entries = await t.db
      .select({ entity: auditLog.entity, before: auditLog.before, after: auditLog.after })
      .from(auditLog);
    expect(new Set(entries.map((e) => e.entity)).size).toBeGreaterThan(15);
    const leaks = entries.flatMap((entry) => {
      const text = JSON.stringify([entry.before, entry.after]);
      return [...personal]
        .filter((value) => text.includes(JSON.stringify(value)))
        .map((value) => `${entry.entity}: ${value}`);
    });
    expect([...new Set(leaks)]).toEqual([]);
  });

  // After the walk: 'Auditoria' speaks pt-BR, never 'two_factor', 'cash_session' or 'pet_id'.
  it('has a pt-BR name for every entity, action and field the log holds', async () => {
    const entries = await t.db
      .select({ entity: auditLog.entity, action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog);
    const fields = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          fields.add(key);
          collect(inner);
        }
    };
    for (const entry of entries) {
      collect(entry.before);
      collect(entry.after);
    }
    const unnamed = [...new Set(entries.map((e) => e.entity).filter((entity) => !(entity in AUDIT_ENTITY_LABELS)))].map(
      (entity) => `entity ${entity}`,
    );
    unnamed.push(
      ...[...new Set(entries.map((e) => e.action))]
        .filter((action) => !(action in AUDIT_ACTION_LABELS))
        .map((action) => `action ${action}`),
      ...[...fields].filter((field) => !(field in AUDIT_FIELD_LABELS)).map((field) => `field ${field}`),
    );
    expect(fields.size).toBeGreaterThan(50);
    expect(unnamed).toEqual([]);
  });
});
