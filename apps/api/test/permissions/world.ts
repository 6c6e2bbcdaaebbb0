import { addDays, businessMoment } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { employees, messages, petVaccines, stores } from '../../src/db/schema';
import type { LoggedIn, TestContext } from '../helper';
import { bookingFixtures, notSunday } from '../support/booking';
import { checkoutFixtures } from '../support/checkout';

const todayInSaoPaulo = () => businessMoment().date;

/** The callers of the matrix, in the order of a row's cells. */
export const CALLERS = [
  'visitor',
  'customer',
  'admin',
  'manager',
  'reception',
  'professional',
  'managerB',
  'receptionB',
] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * One shop with two stores: the staff of store A (a manager, a receptionist and a groomer linked to
 * employee `groomerEmployee`), a manager and a receptionist of store B, and a customer with a pet,
 * an address, a paid order and two appointments in store A (one with the groomer, one with
 * another employee). Routes that consume what they touch get a fresh record for every call.
 */
export async function buildWorld(t: TestContext) {
  const booking = bookingFixtures(t);
  const checkout = checkoutFixtures(t);
  const [storeB] = await t.db.insert(stores).values({ name: 'Loja Centro' }).returning({ id: stores.id });
  if (!storeB) throw new Error('no store');
  const storeA = 1;

  const admin = await t.admin();
  const customer = await t.customer();
  const manager = await t.staffMember('manager', [storeA]);
  const reception = await t.staffMember('reception', [storeA]);
  const professional = await t.staffMember('professional', [storeA]);
  const managerB = await t.staffMember('manager', [storeB.id]);
  const receptionB = await t.staffMember('reception', [storeB.id]);
  const as: Record<Exclude<Caller, 'visitor'>, LoggedIn> = {
    customer,
    admin,
    manager,
    reception,
    professional,
    managerB,
    receptionB,
  };

  const serviceId = await booking.service();
  const groomerEmployee = await booking.employee('Tosador do Teste');
  await t.db.update(employees).set({ userId: professional.user.id }).where(eq(employees.id, groomerEmployee));
  const otherEmployee = await booking.employee('Outra Banhista');
  const petId = await booking.pet(customer);
  const addressId = await checkout.address(customer);
  const productId = await checkout.product('Ração do teste');
  const refs = {
    categoryId: (await t.app.inject({ url: '/api/categories' })).json().data[0].id as number,
    speciesId: (await t.app.inject({ url: '/api/species' })).json().data[0].id as number,
  };

  let slot = 0;
  const day = notSunday(addDays(todayInSaoPaulo(), 7));
  /** A free hour: one after another from the day after `day` on, 08:00 to 16:00, Sundays skipped. */
  const nextSlot = () => {
    const date = notSunday(addDays(day, 1 + Math.floor(slot / 9) * 2));
    const minutes = 8 * 60 + (slot % 9) * 60;
    slot += 1;
    return {
      appointment_date: date,
      appointment_time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
    };
  };
  /** A new appointment of the customer's pet in store A, with the groomer unless `employeeId` says otherwise. */
  const appointment = async (employeeId = groomerEmployee) => {
    const { appointment_date: date, appointment_time: time } = nextSlot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: customer.auth,
      payload: {
        service_id: serviceId,
        employer_id: employeeId,
        pet_id: petId,
        appointment_date: date,
        appointment_time: time,
      },
    });
    if (res.statusCode !== 201) throw new Error(`booking failed: ${res.body}`);
    return res.json().data.id as number;
  };
  const groomerAppointment = await appointment();
  const otherAppointment = await appointment(otherEmployee);

  /** A paid card order of the customer (a fresh one for every call that consumes it). */
  const order = async () => {
    await t.app.inject({ method: 'DELETE', url: '/api/carts/clear', headers: customer.auth });
    return checkout.paidOrder(customer, { method: 'Cartão de Crédito', deliveryMethod: 'Retirada na loja' });
  };
  const paid = await order();

  const vaccine = async () => {
    const [row] = await t.db
      .insert(petVaccines)
      .values({ petId, name: 'V10', appliedOn: addDays(todayInSaoPaulo(), -30) })
      .returning({ id: petVaccines.id });
    if (!row) throw new Error('insert failed');
    return row.id;
  };
  const [message] = await t.db.select({ id: messages.id }).from(messages).limit(1);

  return {
    t,
    as,
    storeA,
    storeB: storeB.id,
    day,
    nextSlot,
    serviceId,
    groomerEmployee,
    otherEmployee,
    petId,
    addressId,
    productId,
    refs,
    groomerAppointment,
    otherAppointment,
    paid,
    messageId: message?.id ?? 999999,
    fresh: {
      appointment,
      order,
      vaccine,
      employee: () => booking.employee('Funcionário novo'),
      product: () => checkout.product(`Produto ${Math.random().toString(36).slice(2, 8)}`),
      pet: () => booking.pet(customer, 'Pet novo'),
      address: () => checkout.address(customer),
      customer: () => t.customer(),
      email: () => `convite.${Math.random().toString(36).slice(2, 10)}@exemplo.com.br`,
      /** The customer's cart with one item in it. */
      async cart() {
        await t.app.inject({ method: 'DELETE', url: '/api/carts/clear', headers: customer.auth });
        return checkout.add(customer, productId, 1);
      },
      async service() {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/services',
          headers: admin.auth,
          payload: { name: `Serviço ${Math.random().toString(36).slice(2, 8)}`, price: 50, durationMinutes: 60 },
        });
        if (res.statusCode !== 201) throw new Error(`service failed: ${res.body}`);
        return res.json().data.id as number;
      },
    },
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
