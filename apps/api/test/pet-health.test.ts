import { addDays, businessMoment } from '@petshop/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointments, employees, pets, petVaccines, petWeights, services } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { onePrice } from './support/booking';

vi.setConfig({ testTimeout: 60_000 });

let t: TestContext;
let owner: LoggedIn;
let stranger: LoggedIn;
let admin: LoggedIn;
let petId = 0;

const today = () => businessMoment().date;
const basePet = { name: 'Rex', age: 3, specie: 'Cachorro', size: 'Médio' };

const call = (user: LoggedIn | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: user?.auth, payload });

async function newPet(user: LoggedIn, payload: object = basePet) {
  const res = await call(user, 'POST', '/pets', payload);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().data.id as number;
}

async function addVaccine(user: LoggedIn, id: number, body: object) {
  const res = await call(user, 'POST', `/pets/${id}/vaccines`, body);
  if (res.statusCode !== 201) throw new Error(`vaccine failed: ${res.body}`);
  return res.json().data as { id: number };
}

/**
 * A new pet of the owner's, a service at one price and an employee who does it; `visit` holds what
 * every appointment row of that pet with that employee shares.
 */
async function petWithVisits(serviceName: string, priceCents: number, employeeName: string) {
  const id = await newPet(owner);
  const [service] = await t.db
    .insert(services)
    .values({ name: serviceName, ...onePrice(priceCents) })
    .returning();
  const [employee] = await t.db
    .insert(employees)
    .values({ name: employeeName, phone: '11987654321', position: 'Banhista', serviceId: service?.id ?? 0 })
    .returning();
  const visit = {
    userId: owner.user.id,
    petId: id,
    serviceId: service?.id ?? 0,
    employeeId: employee?.id ?? 0,
    priceCents,
  };
  return { id, service, employee, visit };
}

const fieldsOf = (body: string) => (JSON.parse(body).details as { field: string }[]).map((d) => d.field);

beforeAll(async () => {
  t = await createTestContext();
  [owner, stranger, admin] = await Promise.all([t.customer(), t.customer(), t.admin()]);
  petId = await newPet(owner);
});
afterAll(() => t.close());

describe('health fields on the pet', () => {
  it('are saved with the pet and returned by every pet route', async () => {
    const res = await call(owner, 'POST', '/pets', {
      ...basePet,
      allergies: 'Frango',
      notes: 'Tem medo de secador.',
      breed: 'Vira-lata',
      birthDate: '2021-05-10',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(res.json().data).toMatchObject({
      allergies: 'Frango',
      notes: 'Tem medo de secador.',
      breed: 'Vira-lata',
      birthDate: '2021-05-10',
    });
    const list = (await call(owner, 'GET', '/pets')).json().data as { id: number; breed: string }[];
    expect(list.find((p) => p.id === id)?.breed).toBe('Vira-lata');
  });

  it("a PUT with SPEC's fields only keeps them; null or '' clears birth date and breed", async () => {
    const id = await newPet(owner, { ...basePet, allergies: 'Pulgas', breed: 'Poodle', birthDate: '2020-01-01' });
    const kept = await call(owner, 'PUT', `/pets/${id}`, { ...basePet, name: 'Rex II' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({
      name: 'Rex II',
      allergies: 'Pulgas',
      breed: 'Poodle',
      birthDate: '2020-01-01',
    });
    const cleared = await call(owner, 'PUT', `/pets/${id}`, { ...basePet, breed: '', birthDate: null, allergies: '' });
    expect(cleared.json().data).toMatchObject({ allergies: '', breed: null, birthDate: null });
  });

  it('a pet without them reads empty text and nulls', async () => {
    const res = await call(owner, 'GET', `/pets/${petId}`);
    expect(res.json().data).toMatchObject({ allergies: '', notes: '', breed: null, birthDate: null });
  });

  it.each([
    ['birth date in the future', { birthDate: addDays(today(), 1) }, 'birthDate'],
    ['impossible birth date', { birthDate: '2024-02-30' }, 'birthDate'],
    ['notes too long', { notes: 'x'.repeat(1001) }, 'notes'],
    ['breed too long', { breed: 'x'.repeat(61) }, 'breed'],
  ])('refuses %s with a pt-BR 400 naming the field', async (_label, extra, field) => {
    const res = await call(owner, 'PUT', `/pets/${petId}`, { ...basePet, ...extra });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
    expect(res.json().message).toMatch(/[ãáéíóúçê]|Use no máximo|Informe/);
    expect((await call(owner, 'GET', `/pets/${petId}`)).json().data).toMatchObject({ notes: '', breed: null });
  });
});

describe('vaccines', () => {
  it('are added, listed newest first and deleted by the owner', async () => {
    const id = await newPet(owner);
    const first = await call(owner, 'POST', `/pets/${id}/vaccines`, {
      name: 'V10',
      appliedOn: addDays(today(), -400),
      nextDueOn: addDays(today(), -35),
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Vacina registrada com sucesso!');
    const second = await addVaccine(owner, id, { name: 'Antirrábica', appliedOn: today() });
    const list = await call(owner, 'GET', `/pets/${id}/vaccines`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { id: second.id, name: 'Antirrábica', appliedOn: today(), nextDueOn: null },
      { id: first.json().data.id, name: 'V10', appliedOn: addDays(today(), -400), nextDueOn: addDays(today(), -35) },
    ]);

    const removed = await call(owner, 'DELETE', `/pets/${id}/vaccines/${second.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe('Vacina excluída com sucesso!');
    expect((await call(owner, 'GET', `/pets/${id}/vaccines`)).json().data).toHaveLength(1);
    const again = await call(owner, 'DELETE', `/pets/${id}/vaccines/${second.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Vacina não encontrada.');
  });

  it.each([
    ['no name', { appliedOn: '2024-01-10' }, 'name'],
    ['blank name', { name: '  ', appliedOn: '2024-01-10' }, 'name'],
    ['applied in the future', { name: 'V10', appliedOn: addDays(businessMoment().date, 1) }, 'appliedOn'],
    ['impossible date', { name: 'V10', appliedOn: '2024-02-30' }, 'appliedOn'],
    ['Brazilian date format', { name: 'V10', appliedOn: '10/01/2024' }, 'appliedOn'],
    ['next dose on the day applied', { name: 'V10', appliedOn: '2024-01-10', nextDueOn: '2024-01-10' }, 'nextDueOn'],
    ['next dose before applied', { name: 'V10', appliedOn: '2024-01-10', nextDueOn: '2023-12-01' }, 'nextDueOn'],
    ['bad next dose', { name: 'V10', appliedOn: '2024-01-10', nextDueOn: 'amanhã' }, 'nextDueOn'],
  ])('refuses %s with a 400 and writes nothing', async (_label, body, field) => {
    const res = await call(owner, 'POST', `/pets/${petId}/vaccines`, body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(await t.db.select().from(petVaccines).where(eq(petVaccines.petId, petId))).toHaveLength(0);
  });

  it('refuses a control character in the name', async () => {
    const res = await call(owner, 'POST', `/pets/${petId}/vaccines`, { name: 'V\u000010', appliedOn: '2024-01-10' });
    expect(res.statusCode).toBe(400);
  });

  it("does not let the pet's id be swapped: a vaccine of another pet is 404", async () => {
    const other = await newPet(owner);
    const vaccine = await addVaccine(owner, other, { name: 'Giárdia', appliedOn: '2024-03-01' });
    expect((await call(owner, 'DELETE', `/pets/${petId}/vaccines/${vaccine.id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/pets/${other}/vaccines`)).json().data).toHaveLength(1);
  });

  it('rejects ids that are not positive integers', async () => {
    expect((await call(owner, 'GET', '/pets/abc/vaccines')).statusCode).toBe(400);
    expect((await call(owner, 'DELETE', `/pets/${petId}/vaccines/-1`)).statusCode).toBe(400);
  });
});

describe('weights', () => {
  it('are added and listed oldest first, kg exact to 2 decimals', async () => {
    const id = await newPet(owner);
    const later = await call(owner, 'POST', `/pets/${id}/weights`, { kg: 12.35, measuredOn: today() });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({
      data: { kg: 12.35, measuredOn: today() },
      message: 'Peso registrado com sucesso!',
    });
    await call(owner, 'POST', `/pets/${id}/weights`, { kg: 0.1, measuredOn: addDays(today(), -30) });
    const list = await call(owner, 'GET', `/pets/${id}/weights`);
    expect(list.json().data.map((w: { kg: number }) => w.kg)).toEqual([0.1, 12.35]);
  });

  it.each([
    ['zero kg', { kg: 0, measuredOn: '2024-01-10' }, 'kg'],
    ['negative kg', { kg: -2, measuredOn: '2024-01-10' }, 'kg'],
    ['more than 150 kg', { kg: 150.01, measuredOn: '2024-01-10' }, 'kg'],
    ['three decimals', { kg: 12.345, measuredOn: '2024-01-10' }, 'kg'],
    ['kg as text', { kg: '12', measuredOn: '2024-01-10' }, 'kg'],
    ['measured in the future', { kg: 12, measuredOn: addDays(businessMoment().date, 2) }, 'measuredOn'],
    ['no date', { kg: 12 }, 'measuredOn'],
  ])('refuses %s with a 400 and writes nothing', async (_label, body, field) => {
    const res = await call(owner, 'POST', `/pets/${petId}/weights`, body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
    expect(await t.db.select().from(petWeights).where(eq(petWeights.petId, petId))).toHaveLength(0);
  });
});

describe('who may see and change the card', () => {
  let card = 0;
  let vaccineId = 0;
  beforeAll(async () => {
    card = await newPet(owner);
    vaccineId = (await addVaccine(owner, card, { name: 'V10', appliedOn: '2024-01-10' })).id;
    await call(owner, 'POST', `/pets/${card}/weights`, { kg: 8, measuredOn: '2024-01-10' });
  });

  it.each([
    ['GET', 'vaccines'],
    ['POST', 'vaccines'],
    ['GET', 'weights'],
    ['POST', 'weights'],
    ['GET', 'history'],
  ] as const)("%s /pets/{id}/%s of another customer's pet is 404, nothing written", async (method, what) => {
    const body = what === 'vaccines' ? { name: 'X', appliedOn: '2024-01-10' } : { kg: 3, measuredOn: '2024-01-10' };
    const res = await call(stranger, method, `/pets/${card}/${what}`, method === 'POST' ? body : undefined);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Pet não encontrado.');
    expect(await t.db.select().from(petVaccines).where(eq(petVaccines.petId, card))).toHaveLength(1);
    expect(await t.db.select().from(petWeights).where(eq(petWeights.petId, card))).toHaveLength(1);
  });

  it("another customer cannot delete the pet's vaccine (404)", async () => {
    expect((await call(stranger, 'DELETE', `/pets/${card}/vaccines/${vaccineId}`)).statusCode).toBe(404);
    expect(await t.db.select().from(petVaccines).where(eq(petVaccines.id, vaccineId))).toHaveLength(1);
  });

  it("an admin reads any pet's card but cannot change it (403)", async () => {
    expect((await call(admin, 'GET', `/pets/${card}/vaccines`)).json().data).toHaveLength(1);
    expect((await call(admin, 'GET', `/pets/${card}/weights`)).json().data).toEqual([
      expect.objectContaining({ kg: 8 }),
    ]);
    expect((await call(admin, 'GET', `/pets/${card}/history`)).statusCode).toBe(200);
    const write = await call(admin, 'POST', `/pets/${card}/vaccines`, { name: 'X', appliedOn: '2024-01-10' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(
      'Somente o tutor ou o profissional que atende o pet podem alterar a carteira de saúde.',
    );
    expect((await call(admin, 'DELETE', `/pets/${card}/vaccines/${vaccineId}`)).statusCode).toBe(403);
    expect(await t.db.select().from(petVaccines).where(eq(petVaccines.petId, card))).toHaveLength(1);
  });

  it('a pet that does not exist or was deleted is 404, for the admin too', async () => {
    expect((await call(admin, 'GET', '/pets/999999/vaccines')).statusCode).toBe(404);
    const gone = await newPet(owner);
    await t.db.update(pets).set({ deletedAt: new Date() }).where(eq(pets.id, gone));
    expect((await call(owner, 'GET', `/pets/${gone}/vaccines`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/pets/${gone}/weights`)).statusCode).toBe(404);
  });

  it('needs a login', async () => {
    expect((await call(undefined, 'GET', `/pets/${card}/vaccines`)).statusCode).toBe(401);
    expect((await call(undefined, 'GET', `/pets/${card}/history`)).statusCode).toBe(401);
  });

  it('a hard-deleted pet takes its card with it', async () => {
    const id = await newPet(owner);
    await addVaccine(owner, id, { name: 'V8', appliedOn: '2024-01-10' });
    expect((await call(owner, 'DELETE', `/pets/${id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(petVaccines).where(eq(petVaccines.petId, id))).toHaveLength(0);
  });
});

describe('history', () => {
  it('lists the past, not cancelled visits with service and employee, newest first', async () => {
    const { id, service, employee, visit } = await petWithVisits('Tosa higiênica', 6000, 'Marina');
    const rows = await t.db
      .insert(appointments)
      .values([
        { ...visit, appointmentDate: addDays(today(), -20), appointmentTime: '09:00', status: 'Concluído' },
        {
          ...visit,
          appointmentDate: addDays(today(), -5),
          appointmentTime: '10:30',
          status: 'Concluído',
          priceCents: 7550,
          staffNote: 'Pelo embaraçado nas patas; escovar em casa.',
          noteForCustomer: true,
        },
        { ...visit, appointmentDate: addDays(today(), -3), appointmentTime: '11:00', status: 'Cancelado' },
        { ...visit, appointmentDate: addDays(today(), 3), appointmentTime: '11:00' },
      ])
      .returning({ id: appointments.id });
    const res = await call(owner, 'GET', `/pets/${id}/history`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: rows[1]?.id,
        appointment_date: addDays(today(), -5),
        appointment_time: '10:30',
        status: 'Concluído',
        service: { id: service?.id, name: 'Tosa higiênica' },
        employer: { id: employee?.id, name: 'Marina' },
        price: 75.5,
        note: 'Pelo embaraçado nas patas; escovar em casa.',
      },
      expect.objectContaining({ id: rows[0]?.id, appointment_date: addDays(today(), -20) }),
    ]);
    expect((await call(admin, 'GET', `/pets/${id}/history`)).json().data).toHaveLength(2);
  });

  it("keeps the staff's own note from the pet's owner, and shows it to staff", async () => {
    const { id, visit } = await petWithVisits('Tosa na tesoura', 9000, 'Rita');
    const [inner] = await t.db
      .insert(appointments)
      .values({
        ...visit,
        appointmentDate: addDays(today(), -2),
        appointmentTime: '09:00',
        status: 'Concluído',
        staffNote: 'usar lâmina 10',
      })
      .returning({ id: appointments.id });
    const owners = (await call(owner, 'GET', `/pets/${id}/history`)).json().data;
    expect(owners).toEqual([expect.objectContaining({ id: inner?.id, note: null })]);
    expect(JSON.stringify(owners)).not.toContain('lâmina');
    const staff = (await call(admin, 'GET', `/pets/${id}/history`)).json().data;
    expect(staff).toEqual([expect.objectContaining({ id: inner?.id, note: 'usar lâmina 10' })]);
  });

  it('counts a visit the staff finished before its booked time, with its note', async () => {
    const { id, visit } = await petWithVisits('Banho rápido', 4000, 'Paula');
    const base = { ...visit, appointmentTime: '17:30' };
    const [done] = await t.db
      .insert(appointments)
      .values([
        {
          ...base,
          appointmentDate: addDays(today(), 1),
          status: 'Concluído',
          staffNote: 'Chegou cedo; banho tranquilo.',
          noteForCustomer: true,
        },
        { ...base, appointmentDate: addDays(today(), 2) },
      ])
      .returning({ id: appointments.id });
    const res = await call(owner, 'GET', `/pets/${id}/history`);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: done?.id, status: 'Concluído', note: 'Chegou cedo; banho tranquilo.' }),
    ]);
  });
});

describe('LGPD', () => {
  it('the export carries each pet with its vaccines and weights', async () => {
    const me = await t.customer();
    const id = await newPet(me, { ...basePet, allergies: 'Dipirona' });
    await addVaccine(me, id, { name: 'V10', appliedOn: '2024-01-10', nextDueOn: '2025-01-10' });
    await call(me, 'POST', `/pets/${id}/weights`, { kg: 9.5, measuredOn: '2024-01-10' });
    const res = await call(me, 'GET', `/user/${me.user.id}/export`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const pet = (body.data ?? body).pets.find((p: { id: number }) => p.id === id);
    expect(pet).toMatchObject({
      allergies: 'Dipirona',
      vaccines: [expect.objectContaining({ name: 'V10', appliedOn: '2024-01-10', nextDueOn: '2025-01-10' })],
      weights: [expect.objectContaining({ kg: 9.5, measuredOn: '2024-01-10' })],
    });
  });

  it('deleting the account removes the health records', async () => {
    const me = await t.customer();
    const id = await newPet(me, { ...basePet, notes: 'Sensível' });
    await addVaccine(me, id, { name: 'V10', appliedOn: '2024-01-10' });
    await call(me, 'POST', `/pets/${id}/weights`, { kg: 9.5, measuredOn: '2024-01-10' });
    expect((await call(me, 'DELETE', `/user/${me.user.id}`)).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(petVaccines)
        .where(inArray(petVaccines.petId, [id])),
    ).toHaveLength(0);
    expect(await t.db.select().from(petWeights).where(eq(petWeights.petId, id))).toHaveLength(0);
    const [row] = await t.db.select().from(pets).where(eq(pets.id, id));
    expect(row?.notes).toBe('');
  });
});
