import { addDays, businessMoment } from '@petshop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointments, messages, users } from '../src/db/schema';
import { messageGuards } from '../src/message-guards';
import { writeDueReminders } from '../src/modules/appointments/appointment-messages';
import { createMessageDelivery } from '../src/modules/messages/message-delivery';
import { smtpTransport, whatsappCloudTransport } from '../src/modules/messages/transports';
import { orderChanged } from '../src/modules/orders/order-messages';
import { accountCreated } from '../src/modules/users/users.service';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures, notSunday } from './support/booking';
import { checkoutFixtures } from './support/checkout';
import { type SmtpStandIn, startSmtpStandIn } from './support/smtp-stand-in';
import { setStock } from './support/stock';
import { startWhatsappStandIn } from './support/whatsapp-stand-in';

// Each test creates accounts (scrypt) and talks to local servers: room for a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

let t: TestContext;
let smtp: SmtpStandIn;
let shop: ReturnType<typeof checkoutFixtures>;
let booking: ReturnType<typeof bookingFixtures>;
const deliveries: { close(): void }[] = [];

const mailDelivery = (extra: Partial<Parameters<typeof createMessageDelivery>[0]> = {}) => {
  const d = createMessageDelivery({
    db: t.db,
    config: t.config,
    log: t.app.log,
    guards: messageGuards,
    mail: smtpTransport(smtp.url, 'PetCare <loja@exemplo.com.br>'),
    ...extra,
  });
  deliveries.push(d);
  return d;
};

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestContext({ APP_URL: 'https://loja.exemplo.com.br' });
  shop = checkoutFixtures(t);
  booking = bookingFixtures(t);
});
afterAll(async () => {
  for (const d of deliveries) d.close();
  await t.close();
  await smtp.stop();
});

const messagesOf = (userId: number) =>
  t.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.id);
/** Time passes: every waiting retry is due now. */
const makeDue = () => t.db.update(messages).set({ sendAfter: sql`now()` }).where(eq(messages.status, 'pendente'));
const spInstant = (date: string, time: string) => new Date(`${date}T${time}:00-03:00`);

describe('writing to the outbox', () => {
  it('writes the message in the same transaction: a rolled-back change leaves no message', async () => {
    const me = await t.customer();
    await expect(
      t.db.transaction(async (tx) => {
        await orderChanged(tx, 0, 'paid');
        await accountCreated(tx, me.user.id);
        await tx.insert(messages).values({
          userId: me.user.id,
          channel: 'email',
          kind: 'account-created',
          eventKey: `probe:${me.user.id}`,
          recipient: 'x@exemplo.com.br',
          payload: {},
        });
        throw new Error('the change fails after writing its message');
      }),
    ).rejects.toThrow('the change fails');
    expect((await messagesOf(me.user.id)).map((m) => m.eventKey)).toEqual([`user:${me.user.id}:created`]);

    const productId = await shop.product('Ração rara', 1);
    const addressId = await shop.address(me);
    const cartId = await shop.add(me, productId, 1);
    await setStock(t.db, productId, 0);
    const refused = await shop.pay(me, { cartId, addressId, paymentMethod: 'Cartão de Crédito' });
    expect(refused.statusCode).toBe(409);
    expect((await messagesOf(me.user.id)).filter((m) => m.kind.startsWith('order-'))).toEqual([]);
  });

  it('writes one message per event, however often the event is reported', async () => {
    const me = await t.customer();
    const { orderId } = await shop.paidOrder(me);
    await t.db.transaction((tx) => orderChanged(tx, orderId, 'created'));
    await Promise.all([
      t.db.transaction((tx) => orderChanged(tx, orderId, 'delivered')),
      t.db.transaction((tx) => orderChanged(tx, orderId, 'delivered')),
    ]);
    const kinds = (await messagesOf(me.user.id)).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'order-created')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'order-delivered')).toHaveLength(1);
  });
});

describe('delivery by SMTP', () => {
  it('sends pt-BR HTML with a plain-text part; money formatted as everywhere else', async () => {
    const me = await t.customer({ name: 'Ana Souza' });
    await shop.paidOrder(me, { quantity: 2, priceCents: 123456 });
    const result = await mailDelivery().run();
    expect(result.sent).toBeGreaterThanOrEqual(2);
    const welcome = await smtp.waitFor(me.user.email, /Bem-vindo/);
    expect(welcome.text).toContain('Olá, Ana!');
    expect(welcome.html).toContain('lang="pt-BR"');
    const order = await smtp.waitFor(me.user.email, /Pedido nº \d+ recebido/);
    expect(order.text).toContain('R$ 2.469,12');
    expect(order.html).toContain('R$ 2.469,12');
    expect(order.text).toContain('https://loja.exemplo.com.br/user');
    const rows = await messagesOf(me.user.id);
    expect(rows.every((m) => m.status === 'enviada' && m.sentAt !== null)).toBe(true);
  });

  it('keeps every message while the server is down and sends each exactly once when it is back', async () => {
    const people: LoggedIn[] = [];
    for (let i = 0; i < 5; i += 1) people.push(await t.customer());
    const delivery = mailDelivery();
    await smtp.stop();
    const down = await delivery.run();
    expect(down.sent).toBe(0);
    expect(down.retried).toBeGreaterThanOrEqual(5);
    for (const p of people) {
      const [m] = await messagesOf(p.user.id);
      expect(m?.status).toBe('pendente');
      expect(m?.lastError).toBeTruthy();
      expect(m?.lastError).not.toContain(p.user.email);
    }
    await smtp.start();
    await makeDue();
    await delivery.run();
    await makeDue();
    await delivery.run();
    for (const p of people) {
      expect(smtp.received.filter((m) => m.to === p.user.email)).toHaveLength(1);
      expect((await messagesOf(p.user.id))[0]?.status).toBe('enviada');
    }
  });

  it('sends each message once with two senders working at the same time', async () => {
    const me = await t.customer();
    const recipients = Array.from({ length: 24 }, (_, i) => `dois-remetentes-${i}@exemplo.com.br`);
    await t.db.insert(messages).values(
      recipients.map((recipient, i) => ({
        userId: me.user.id,
        channel: 'email',
        kind: 'account-created',
        eventKey: `two-senders:${i}`,
        recipient,
        payload: { name: 'Cliente' },
      })),
    );
    const a = mailDelivery({ batchSize: 4 });
    const b = mailDelivery({ batchSize: 4 });
    await Promise.all([a.run(), b.run(), a.run()]);
    for (const to of recipients) expect(smtp.received.filter((m) => m.to === to)).toHaveLength(1);
  });

  it("sends at once, each once, what a sender killed mid-batch had claimed and not begun; a live sender's claims are left alone", async () => {
    const me = await t.customer();
    // Whatever earlier tests left due goes first: the stuck sender's batch is these six alone.
    await mailDelivery().run();
    const recipients = Array.from({ length: 6 }, (_, i) => `remetente-morto-${i}@exemplo.com.br`);
    await t.db.insert(messages).values(
      recipients.map((recipient, i) => ({
        userId: me.user.id,
        channel: 'email',
        kind: 'account-created',
        eventKey: `dead-sender:${i}`,
        recipient,
        payload: { name: 'Cliente' },
      })),
    );
    const ours = () =>
      t.db.select().from(messages).where(sql`${messages.eventKey} like 'dead-sender:%'`).orderBy(messages.id);
    // Instance 1 claims the batch, hands three to its SMTP server (its concurrency) and never hears
    // back (as if killed -9 in the middle of those three conversations).
    const stuck = mailDelivery({ mail: { send: () => new Promise<void>(() => {}), close() {} }, batchSize: 50 });
    void stuck.run({ owner: { key: 1, gone: async () => new Set() } });
    // Its batch may hold other tests' messages too: three in all are in its server's hands.
    const inFlight = async () =>
      (
        await t.db
          .select()
          .from(messages)
          .where(and(eq(messages.leaseOwner, 1), sql`${messages.sendingAt} is not null`))
      ).length;
    for (const started = Date.now(); ; ) {
      const rows = await ours();
      if (rows.every((m) => m.leaseOwner === 1) && (await inFlight()) === 3) break;
      expect(Date.now() - started).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const handedOver = (await ours()).filter((m) => m.sendingAt).map((m) => m.recipient);
    expect(handedOver).toHaveLength(3);
    // While instance 1 lives, another sender does not touch what it holds.
    const other = mailDelivery();
    await other.run({ owner: { key: 2, gone: async () => new Set() } });
    expect((await ours()).map((m) => m.status)).toEqual(recipients.map(() => 'pendente'));
    expect(smtp.received.filter((m) => recipients.includes(m.to))).toEqual([]);
    // Instance 1 is gone: what it had not begun goes now, not when the two-minute lease runs out;
    // what it had handed to its server may have arrived, so it is never sent again by itself.
    await other.run({ owner: { key: 2, gone: async (keys) => new Set(keys.filter((key) => key === 1)) } });
    await other.run({ owner: { key: 2, gone: async (keys) => new Set(keys.filter((key) => key === 1)) } });
    for (const m of await ours()) {
      const interrupted = handedOver.includes(m.recipient);
      expect([m.recipient, m.status, m.leaseOwner, m.sendingAt]).toEqual([
        m.recipient,
        interrupted ? 'falhou' : 'enviada',
        null,
        null,
      ]);
      if (interrupted) expect(m.lastError).toMatch(/pode ter chegado/);
      expect(smtp.received.filter((r) => r.to === m.recipient)).toHaveLength(interrupted ? 0 : 1);
    }
  });

  it('never sends again by itself a message whose lease ran out after it was handed to the server', async () => {
    const me = await t.customer();
    await t.db.insert(messages).values({
      userId: me.user.id,
      channel: 'email',
      kind: 'account-created',
      eventKey: 'lease-ran-out',
      recipient: 'prazo-esgotado@exemplo.com.br',
      payload: { name: 'Cliente' },
    });
    const row = async () => (await t.db.select().from(messages).where(eq(messages.eventKey, 'lease-ran-out')))[0];
    // A sender with no owner key (one instance) hung in the SMTP conversation past its lease.
    const hung = mailDelivery({ mail: { send: () => new Promise<void>(() => {}), close() {} } });
    void hung.run();
    for (const started = Date.now(); !(await row())?.sendingAt; ) {
      expect(Date.now() - started).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await t.db
      .update(messages)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(messages.eventKey, 'lease-ran-out'));
    await mailDelivery().run();
    expect(await row()).toMatchObject({ status: 'falhou', sendingAt: null, leaseUntil: null });
    expect(smtp.received.filter((m) => m.to === 'prazo-esgotado@exemplo.com.br')).toEqual([]);
    // An admin who checked decides: the resend goes once, with the message's own Message-ID.
    const admin = await t.admin();
    const id = (await row())?.id ?? 0;
    const resend = await t.app.inject({ method: 'POST', url: `/api/admin/messages/${id}/resend`, headers: admin.auth });
    expect(resend.statusCode).toBe(200);
    await mailDelivery().run();
    const received = smtp.received.filter((m) => m.to === 'prazo-esgotado@exemplo.com.br');
    expect(received.map((m) => m.parsed.messageId)).toEqual([`<mensagem-${id}@loja.exemplo.com.br>`]);
    expect((await row())?.status).toBe('enviada');
  });

  it('gives up at once when the server refuses the address (falhou, last error) and an admin can resend', async () => {
    const me = await t.customer();
    const [row] = await messagesOf(me.user.id);
    await t.db
      .update(messages)
      .set({ recipient: 'recusado@exemplo.com.br' })
      .where(eq(messages.id, row?.id ?? 0));
    await mailDelivery().run();
    const [failed] = await messagesOf(me.user.id);
    expect(failed?.status).toBe('falhou');
    expect(failed?.lastError).toMatch(/SMTP/);

    const admin = await t.admin();
    const list = await t.app.inject({ url: '/api/admin/messages?status=falhou&channel=email', headers: admin.auth });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((m: { id: number }) => m.id === row?.id);
    expect(listed).toMatchObject({ status: 'falhou', kindLabel: 'Conta criada' });
    expect(list.json().meta.total).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ url: '/api/admin/messages', headers: me.auth })).statusCode).toBe(403);

    await t.db
      .update(messages)
      .set({ recipient: me.user.email })
      .where(eq(messages.id, row?.id ?? 0));
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${row?.id}/resend`,
      headers: admin.auth,
    });
    expect(resend.statusCode).toBe(200);
    await mailDelivery().run();
    expect(smtp.received.filter((m) => m.to === me.user.email)).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${row?.id}/resend`,
      headers: admin.auth,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('WhatsApp', () => {
  it('goes only to customers who opted in, as a template message, and is off when not configured', async () => {
    const wa = await startWhatsappStandIn();
    try {
      const optedIn = await t.customer({ phone: '11912345678' });
      const optedOut = await t.customer();
      await t.app.inject({
        method: 'PUT',
        url: `/api/user/${optedIn.user.id}/preferences`,
        headers: optedIn.auth,
        payload: { marketingOptIn: false, whatsappOptIn: true },
      });
      const { orderId } = await shop.paidOrder(optedIn);
      await shop.paidOrder(optedOut);
      const whatsapp = whatsappCloudTransport({ apiUrl: wa.url, token: 'token-de-teste', phoneNumberId: '123456' });
      await mailDelivery({ whatsapp }).run();
      expect(wa.requests).toHaveLength(1);
      const [request] = wa.requests;
      expect(request?.path).toBe('/v21.0/123456/messages');
      expect(request?.authorization).toBe('Bearer token-de-teste');
      expect(request?.body).toMatchObject({
        messaging_product: 'whatsapp',
        to: '5511912345678',
        type: 'template',
        template: { name: 'petcare_order_created', language: { code: 'pt_BR' } },
      });
      expect(request?.body.template.components[0]?.parameters.map((p) => p.text)).toContain(String(orderId));
      expect((await messagesOf(optedOut.user.id)).some((m) => m.channel === 'whatsapp')).toBe(false);

      await t.db.transaction((tx) => orderChanged(tx, orderId, 'delivered'));
      await mailDelivery().run();
      const off = (await messagesOf(optedIn.user.id)).find(
        (m) => m.channel === 'whatsapp' && m.kind === 'order-delivered',
      );
      expect(off).toMatchObject({ status: 'cancelada', lastError: 'WhatsApp não configurado.' });
      expect(wa.requests).toHaveLength(1);
    } finally {
      await wa.close();
    }
  });
});

describe('appointment reminders', () => {
  const reminders = (appointmentId: number) =>
    t.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.kind, 'appointment-reminder'),
          sql`${messages.payload}->>'appointmentId' = ${String(appointmentId)}`,
        ),
      );

  it('are written once inside the window (at once for a booking inside it) and sent', async () => {
    const me = await t.customer();
    const date = notSunday(addDays(businessMoment().date, 3));
    const id = await booking.book(me, date, '10:00');
    await writeDueReminders(t.db, 24, new Date(spInstant(date, '10:00').getTime() - 30 * 3_600_000));
    expect(await reminders(id)).toHaveLength(0);
    const inside = new Date(spInstant(date, '10:00').getTime() - 2 * 3_600_000);
    await writeDueReminders(t.db, 24, inside);
    await writeDueReminders(t.db, 24, inside);
    expect(await reminders(id)).toHaveLength(1);
    await mailDelivery().run();
    const mail = await smtp.waitFor(me.user.email, /Lembrete/);
    expect(mail.text).toContain(`${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)} às 10:00`);
  });

  it('is never sent for an appointment cancelled or moved after the reminder was written', async () => {
    const me = await t.customer();
    const date = notSunday(addDays(businessMoment().date, 4));
    const cancelled = await booking.book(me, date, '09:00');
    const moved = await booking.book(me, date, '14:00');
    const sneaky = await booking.book(me, date, '16:00');
    const inside = new Date(spInstant(date, '09:00').getTime() - 3_600_000);
    await writeDueReminders(t.db, 24, inside);
    expect((await reminders(cancelled)).length + (await reminders(moved)).length).toBe(2);

    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/appointments/${cancelled}`, headers: me.auth })).statusCode,
    ).toBe(200);
    const move = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${moved}`,
      headers: me.auth,
      payload: { appointment_date: notSunday(addDays(date, 1)), appointment_time: '15:00' },
    });
    expect(move.statusCode).toBe(200);
    // A change that bypasses the service (another instance, a script) is caught when sending.
    await t.db.update(appointments).set({ status: 'Cancelado' }).where(eq(appointments.id, sneaky));

    await mailDelivery().run();
    expect(smtp.received.filter((m) => m.to === me.user.email && /Lembrete/.test(m.subject))).toHaveLength(0);
    for (const id of [cancelled, moved, sneaky]) {
      const [reminder] = await reminders(id);
      expect(reminder?.status).toBe('cancelada');
    }
    expect(smtp.received.some((m) => m.to === me.user.email && /remarcado/.test(m.subject))).toBe(true);
    expect(smtp.received.some((m) => m.to === me.user.email && /cancelado/.test(m.subject))).toBe(true);
  });
});

describe('without SMTP_URL', () => {
  it('keeps e-mails in the outbox and logs that it did, without personal data', async () => {
    const lines: string[] = [];
    const log = t.app.log.child({});
    // Held e-mails are announced by the run that sees them written: the sender starts first.
    const held = createMessageDelivery({
      db: t.db,
      config: t.config,
      guards: messageGuards,
      log: { ...log, info: (obj: unknown, msg?: string) => lines.push(JSON.stringify(obj) + (msg ?? '')) } as never,
    });
    const me = await t.customer();
    await held.run();
    const [row] = await messagesOf(me.user.id);
    expect(row?.status).toBe('pendente');
    expect(lines.some((l) => l.includes(`"messageId":${row?.id}`))).toBe(true);
    expect(lines.join('\n')).not.toContain(me.user.email);
    const [user] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, me.user.id));
    expect(lines.join('\n')).not.toContain(user?.name);
  });
});
