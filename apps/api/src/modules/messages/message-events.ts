import { businessMoment } from '@petshop/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  appointments,
  employees,
  messages,
  orderItems,
  orders,
  payments,
  pets,
  services,
  users,
} from '../../db/schema';
import { upcomingAppointment } from '../../db/upcoming-appointment';
import type { AppointmentPayload, OrderPayload } from './message-kinds';
import { enqueue } from './outbox';

type Executor = Db | Tx;

/**
 * What other modules call inside their transactions when something a customer should hear about happens.
 * Each reads what the message shows at that moment, so the message tells what was true when it happened.
 */

export async function accountCreated(tx: Executor, userId: number) {
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await enqueue(tx, { userId, kind: 'account-created', eventKey: `user:${userId}:created`, payload: user });
}

export type OrderEvent = 'created' | 'paid' | 'cancelled' | 'expired' | 'delivered';

async function orderPayload(tx: Executor, orderId: number) {
  const [order] = await tx
    .select({
      userId: orders.userId,
      name: users.name,
      totalCents: orders.totalCents,
      paymentMethod: payments.method,
      paymentStatus: payments.status,
      details: payments.details,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  if (!order) return undefined;
  const items = await tx
    .select({ name: orderItems.productName, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const details = (order.details ?? {}) as { pixCode?: string; expiresAt?: string };
  const payload: OrderPayload = {
    name: order.name,
    orderId,
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod,
    items,
    pixCode: order.paymentStatus === 'Pendente' ? (details.pixCode ?? null) : null,
    expiresAt: order.paymentStatus === 'Pendente' ? (details.expiresAt ?? null) : null,
  };
  return { userId: order.userId, payload };
}

export async function orderChanged(tx: Executor, orderId: number, event: OrderEvent) {
  const found = await orderPayload(tx, orderId);
  if (!found) return;
  await enqueue(tx, {
    userId: found.userId,
    kind: `order-${event}`,
    eventKey: `order:${orderId}:${event}`,
    payload: found.payload,
  });
}

export type AppointmentEvent = 'booked' | 'moved' | 'cancelled';

async function appointmentPayload(tx: Executor, appointmentId: number) {
  const [row] = await tx
    .select({
      userId: appointments.userId,
      name: users.name,
      date: appointments.appointmentDate,
      time: appointments.appointmentTime,
      serviceName: services.name,
      employeeName: employees.name,
      petName: pets.name,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(employees, eq(employees.id, appointments.employeeId))
    .innerJoin(pets, eq(pets.id, appointments.petId))
    .where(eq(appointments.id, appointmentId));
  if (!row) return undefined;
  const { userId, ...rest } = row;
  const payload: AppointmentPayload = { appointmentId, ...rest };
  return { userId, payload };
}

/** The slot is in the key: a booking moved twice tells each move once. */
export async function appointmentChanged(tx: Executor, appointmentId: number, event: AppointmentEvent) {
  const found = await appointmentPayload(tx, appointmentId);
  if (!found) return;
  const { date, time } = found.payload;
  await enqueue(tx, {
    userId: found.userId,
    kind: `appointment-${event}`,
    eventKey: `appointment:${appointmentId}:${event}:${date}T${time}`,
    payload: found.payload,
  });
  if (event !== 'booked') {
    // A reminder written for the old slot will not go out (delivery checks it again, too).
    await tx
      .update(messages)
      .set({ status: 'cancelada', lastError: 'Agendamento alterado antes do lembrete.' })
      .where(
        and(
          eq(messages.kind, 'appointment-reminder'),
          eq(messages.status, 'pendente'),
          sql`${messages.payload}->>'appointmentId' = ${String(appointmentId)}`,
        ),
      );
  }
}

const reminderKey = (id: number, date: string, time: string) => `appointment:${id}:reminder:${date}T${time}`;

/**
 * Writes the reminder of every active appointment that starts within `hoursBefore` and has none yet;
 * run every minute, so an appointment booked inside the window gets its reminder at once. The key holds
 * the slot: a moved appointment gets a reminder for its new time, never two for one slot.
 */
export async function writeDueReminders(db: Db, hoursBefore: number, now = new Date()) {
  const horizon = businessMoment(new Date(now.getTime() + hoursBefore * 3_600_000));
  const due = await db
    .select({ id: appointments.id, date: appointments.appointmentDate, time: appointments.appointmentTime })
    .from(appointments)
    .where(
      and(
        upcomingAppointment(businessMoment(now)),
        sql`(${appointments.appointmentDate}, ${appointments.appointmentTime}) <= (${horizon.date}::date, ${horizon.time})`,
        sql`not exists (select 1 from ${messages} m where m.event_key = 'appointment:' || ${appointments.id} || ':reminder:' || ${appointments.appointmentDate} || 'T' || ${appointments.appointmentTime})`,
      ),
    )
    .limit(500);
  let written = 0;
  for (const row of due) {
    await db.transaction(async (tx) => {
      const found = await appointmentPayload(tx, row.id);
      if (!found) return;
      await enqueue(tx, {
        userId: found.userId,
        kind: 'appointment-reminder',
        eventKey: reminderKey(row.id, row.date, row.time),
        payload: found.payload,
      });
      written += 1;
    });
  }
  return written;
}

/** Whether a reminder still stands: its appointment is active, not started and at the same slot. */
export async function reminderStillValid(db: Db, payload: AppointmentPayload, now = new Date()) {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.id, payload.appointmentId),
        eq(appointments.appointmentDate, payload.date),
        eq(appointments.appointmentTime, payload.time),
        upcomingAppointment(businessMoment(now)),
      ),
    );
  return Boolean(row);
}
