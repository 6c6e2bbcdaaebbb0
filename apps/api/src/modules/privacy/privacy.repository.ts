import type { Preferences } from '@petshop/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  addresses,
  appointments,
  cities,
  employees,
  orderItems,
  orders,
  passwordResetTokens,
  payments,
  pets,
  petVaccines,
  petWeights,
  services,
  states,
  users,
} from '../../db/schema';

const preferenceColumns = { marketingOptIn: users.marketingOptIn, whatsappOptIn: users.whatsappOptIn };
const live = (id: number) => and(eq(users.id, id), isNull(users.deletedAt));

export const findPreferences = async (db: Db, userId: number) =>
  (await db.select(preferenceColumns).from(users).where(live(userId)))[0];

export const updatePreferences = async (db: Db, userId: number, values: Preferences) =>
  (await db.update(users).set(values).where(live(userId)).returning(preferenceColumns))[0];

/** Everything held about one person, secrets left out (password hash, token version, reset-token hashes, sealed links). */
export async function exportData(db: Db, userId: number) {
  const [profile] = await db
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
    .where(live(userId));
  if (!profile) return undefined;
  const [addressRows, petRows, orderRows, appointmentRows, resetRows] = await Promise.all([
    db
      .select({ address: addresses, city: cities.name, state: states.uf })
      .from(addresses)
      .innerJoin(cities, eq(cities.id, addresses.cityId))
      .innerJoin(states, eq(states.id, addresses.stateId))
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.id)),
    db.select().from(pets).where(eq(pets.userId, userId)).orderBy(asc(pets.id)),
    db
      .select({ order: orders, paymentMethod: payments.method, paymentStatus: payments.status })
      .from(orders)
      .innerJoin(payments, eq(payments.id, orders.paymentId))
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.id)),
    db
      .select({ appointment: appointments, service: services.name, employee: employees.name, pet: pets.name })
      .from(appointments)
      .innerJoin(services, eq(services.id, appointments.serviceId))
      .innerJoin(employees, eq(employees.id, appointments.employeeId))
      .innerJoin(pets, eq(pets.id, appointments.petId))
      .where(eq(appointments.userId, userId))
      .orderBy(asc(appointments.id)),
    db
      .select({
        createdAt: passwordResetTokens.createdAt,
        expiresAt: passwordResetTokens.expiresAt,
        usedAt: passwordResetTokens.usedAt,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId))
      .orderBy(asc(passwordResetTokens.id)),
  ]);
  const petIds = petRows.map((pet) => pet.id);
  const [vaccineRows, weightRows] = petIds.length
    ? await Promise.all([
        db.select().from(petVaccines).where(inArray(petVaccines.petId, petIds)).orderBy(asc(petVaccines.id)),
        db.select().from(petWeights).where(inArray(petWeights.petId, petIds)).orderBy(asc(petWeights.id)),
      ])
    : [[], []];
  const orderIds = orderRows.map((row) => row.order.id);
  const items = orderIds.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id))
    : [];
  return {
    profile,
    addresses: addressRows.map(({ address, city, state }) => ({ ...address, city, state })),
    pets: petRows.map((pet) => ({
      ...pet,
      vaccines: vaccineRows.filter((vaccine) => vaccine.petId === pet.id),
      weights: weightRows.filter((weight) => weight.petId === pet.id),
    })),
    orders: orderRows.map(({ order, paymentMethod, paymentStatus }) => ({
      ...order,
      paymentMethod,
      paymentStatus,
      items: items.filter((item) => item.orderId === order.id),
    })),
    appointments: appointmentRows.map(({ appointment, service, employee, pet }) => ({
      ...appointment,
      service,
      employee,
      pet,
    })),
    passwordResets: resetRows,
  };
}
