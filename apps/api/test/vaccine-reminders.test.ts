import { addDays, businessMoment } from '@petshop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, pets } from '../src/db/schema';
import { messageGuards } from '../src/message-guards';
import { createMessageDelivery } from '../src/modules/messages/message-delivery';
import { smtpTransport } from '../src/modules/messages/transports';
import { writeDueVaccineReminders } from '../src/modules/pets/vaccine-reminders';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { type SmtpStandIn, startSmtpStandIn } from './support/smtp-stand-in';

vi.setConfig({ testTimeout: 90_000 });

let t: TestContext;
let smtp: SmtpStandIn;
const deliveries: { close(): void }[] = [];

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestContext({ APP_URL: 'https://loja.exemplo.com.br' });
});
afterAll(async () => {
  for (const d of deliveries) d.close();
  await t.close();
  await smtp.stop();
});

const today = () => businessMoment().date;

const remindersOf = (vaccineId: number) =>
  t.db
    .select()
    .from(messages)
    .where(and(eq(messages.kind, 'vaccine-due'), sql`${messages.payload}->>'vaccineId' = ${String(vaccineId)}`));

async function petWithVaccine(owner: LoggedIn, dueInDays: number) {
  const pet = await t.app.inject({
    method: 'POST',
    url: '/api/pets',
    headers: owner.auth,
    payload: { name: 'Mel', age: 2, specie: 'Gato', size: 'Pequeno' },
  });
  const petId = pet.json().data.id as number;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/pets/${petId}/vaccines`,
    headers: owner.auth,
    payload: { name: 'Quádrupla felina', appliedOn: addDays(today(), -360), nextDueOn: addDays(today(), dueInDays) },
  });
  if (res.statusCode !== 201) throw new Error(`vaccine failed: ${res.body}`);
  return { petId, vaccineId: res.json().data.id as number };
}

const optIntoWhatsapp = (me: LoggedIn) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/user/${me.user.id}/preferences`,
    headers: me.auth,
    payload: { marketingOptIn: false, whatsappOptIn: true },
  });

describe('vaccine reminders', () => {
  it('a vaccine due in 5 days gets one message, however often the job runs, and it is sent in pt-BR', async () => {
    const me = await t.customer();
    const { vaccineId } = await petWithVaccine(me, 5);
    await writeDueVaccineReminders(t.db);
    await writeDueVaccineReminders(t.db);
    const written = await remindersOf(vaccineId);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ channel: 'email', recipient: me.user.email, status: 'pendente' });

    const delivery = createMessageDelivery({
      db: t.db,
      config: t.config,
      log: t.app.log,
      guards: messageGuards,
      mail: smtpTransport(smtp.url, 'PetCare <loja@exemplo.com.br>'),
    });
    deliveries.push(delivery);
    await delivery.run();
    const due = addDays(today(), 5);
    const mail = await smtp.waitFor(me.user.email, /Vacina de Mel/);
    expect(mail.text).toContain(
      `A vacina Quádrupla felina de Mel vence em ${due.slice(8)}/${due.slice(5, 7)}/${due.slice(0, 4)}.`,
    );
    await writeDueVaccineReminders(t.db);
    expect(await remindersOf(vaccineId)).toHaveLength(1);
  });

  it('goes by WhatsApp too, once, only to a customer who opted in', async () => {
    const me = await t.customer();
    await optIntoWhatsapp(me);
    const { vaccineId } = await petWithVaccine(me, 7);
    await writeDueVaccineReminders(t.db);
    await writeDueVaccineReminders(t.db);
    const channels = (await remindersOf(vaccineId)).map((m) => m.channel).sort();
    expect(channels).toEqual(['email', 'whatsapp']);
  });

  it('a vaccine due in 10 days gets none (yet)', async () => {
    const me = await t.customer();
    const { vaccineId } = await petWithVaccine(me, 10);
    await writeDueVaccineReminders(t.db);
    expect(await remindersOf(vaccineId)).toHaveLength(0);
    // Three days later it is inside the window.
    await writeDueVaccineReminders(t.db, new Date(Date.now() + 3 * 86_400_000));
    expect(await remindersOf(vaccineId)).toHaveLength(1);
  });

  it('a deleted vaccine gets none, and one deleted after its reminder was written is withdrawn', async () => {
    const me = await t.customer();
    const early = await petWithVaccine(me, 4);
    const del = (petId: number, vaccineId: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/pets/${petId}/vaccines/${vaccineId}`, headers: me.auth });
    expect((await del(early.petId, early.vaccineId)).statusCode).toBe(200);
    await writeDueVaccineReminders(t.db);
    expect(await remindersOf(early.vaccineId)).toHaveLength(0);

    const late = await petWithVaccine(me, 3);
    await writeDueVaccineReminders(t.db);
    expect(await remindersOf(late.vaccineId)).toHaveLength(1);
    expect((await del(late.petId, late.vaccineId)).statusCode).toBe(200);
    expect(await remindersOf(late.vaccineId)).toEqual([expect.objectContaining({ status: 'cancelada' })]);
  });

  it('a deleted pet or an anonymised account gets none', async () => {
    const me = await t.customer();
    const hidden = await petWithVaccine(me, 2);
    await t.db.update(pets).set({ deletedAt: new Date() }).where(eq(pets.id, hidden.petId));
    const leaving = await t.customer();
    const theirs = await petWithVaccine(leaving, 2);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/user/${leaving.user.id}`, headers: leaving.auth });
    expect(gone.statusCode).toBe(200);
    await writeDueVaccineReminders(t.db);
    expect(await remindersOf(hidden.vaccineId)).toHaveLength(0);
    expect(await remindersOf(theirs.vaccineId)).toHaveLength(0);
  });

  it('a reminder written before its pet was hidden is not delivered', async () => {
    const me = await t.customer();
    const { petId, vaccineId } = await petWithVaccine(me, 1);
    await writeDueVaccineReminders(t.db);
    await t.db.update(pets).set({ deletedAt: new Date() }).where(eq(pets.id, petId));
    const delivery = createMessageDelivery({
      db: t.db,
      config: t.config,
      log: t.app.log,
      guards: messageGuards,
      mail: smtpTransport(smtp.url, 'PetCare <loja@exemplo.com.br>'),
    });
    deliveries.push(delivery);
    await delivery.run();
    expect(await remindersOf(vaccineId)).toEqual([expect.objectContaining({ status: 'cancelada' })]);
    expect(smtp.received.some((m) => m.to === me.user.email && /Vacina/.test(m.subject))).toBe(false);
  });
});
