import type { AppointmentStatus, DeliveryMethod, OrderStatus, PaymentStatus } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** '["2030-01-01 08:00:00","2030-01-01 09:30:00")' as PostgreSQL writes it; only the database reads it. */
const tsrange = customType<{ data: string }>({ dataType: () => 'tsrange' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    cpf: char('cpf', { length: 11 }).notNull(),
    phone: text('phone').notNull(),
    role: text('role').notNull().default('customer'),
    passwordHash: text('password_hash').notNull(),
    photoUrl: text('photo_url'),
    emailVerified: boolean('email_verified').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_active_uq').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_cpf_active_uq').on(t.cpf).where(sql`${t.deletedAt} is null`),
    check('users_role_ck', sql`${t.role} in ('admin', 'customer')`),
    check('users_cpf_digits_ck', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check('users_phone_digits_ck', sql`${t.phone} ~ '^[0-9]{10,11}$'`),
  ],
);

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const species = pgTable('species', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** lower-case, accent-free copy of name (foldText), kept by the repository; trigram-indexed. */
    nameSearch: text('name_search').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    stock: integer('stock').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    speciesId: integer('species_id')
      .notNull()
      .references(() => species.id),
    url: text('url').notNull().default(''),
    createdAt: createdAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    check('products_price_ck', sql`${t.priceCents} >= 0`),
    check('products_stock_ck', sql`${t.stock} >= 0`),
    index('products_active_id_idx').on(t.id).where(sql`${t.archivedAt} is null`),
    index('products_category_idx').on(t.categoryId, t.id).where(sql`${t.archivedAt} is null`),
    index('products_species_idx').on(t.speciesId, t.id).where(sql`${t.archivedAt} is null`),
    index('products_name_search_trgm_idx').using('gin', sql`${t.nameSearch} gin_trgm_ops`),
  ],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** the smallest of the three size prices (SPEC's `price`) */
    priceCents: integer('price_cents').notNull(),
    priceSmallCents: integer('price_small_cents').notNull(),
    priceMediumCents: integer('price_medium_cents').notNull(),
    priceLargeCents: integer('price_large_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    check('services_price_ck', sql`${t.priceCents} >= 0`),
    check(
      'services_size_prices_ck',
      sql`least(${t.priceSmallCents}, ${t.priceMediumCents}, ${t.priceLargeCents}) >= 0 and ${t.priceCents} = least(${t.priceSmallCents}, ${t.priceMediumCents}, ${t.priceLargeCents})`,
    ),
    check('services_duration_ck', sql`${t.durationMinutes} in (30, 60, 90, 120)`),
  ],
);

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    position: text('position').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** when the working hours were last set; null: the default week (Monday to Saturday, 08:00–18:00) */
    scheduleSetAt: timestamp('schedule_set_at', { withTimezone: true }),
  },
  (t) => [index('employees_service_idx').on(t.serviceId)],
);

/** An employee's hours on one weekday (0 = Sunday), half-hour marks ('24:00' ends the day); a weekday without a row is off. */
export const employeeHours = pgTable(
  'employee_hours',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: char('start_time', { length: 5 }).notNull(),
    endTime: char('end_time', { length: 5 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'employee_hours_pk', columns: [t.employeeId, t.weekday] }),
    check('employee_hours_weekday_ck', sql`${t.weekday} between 0 and 6`),
    check('employee_hours_start_ck', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[03]0$'`),
    check('employee_hours_end_ck', sql`${t.endTime} ~ '^(([01][0-9]|2[0-3]):[03]0|24:00)$'`),
    check('employee_hours_order_ck', sql`${t.startTime} < ${t.endTime}`),
  ],
);

/** A date an employee does not work, whatever the weekday. */
export const employeeDaysOff = pgTable(
  'employee_days_off',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ name: 'employee_days_off_pk', columns: [t.employeeId, t.day] })],
);

export const pets = pgTable(
  'pets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    age: integer('age').notNull(),
    specie: text('specie').notNull(),
    size: text('size').notNull(),
    allergies: text('allergies').notNull().default(''),
    notes: text('notes').notNull().default(''),
    breed: text('breed'),
    birthDate: date('birth_date'),
    createdAt: createdAt(),
    /** deleted by the owner but kept because past appointments refer to it: hidden everywhere */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('pets_user_idx').on(t.userId),
    check('pets_age_ck', sql`${t.age} between 0 and 40`),
    check('pets_specie_ck', sql`${t.specie} in ('Cachorro', 'Gato')`),
    check('pets_size_ck', sql`${t.size} in ('Pequeno', 'Médio', 'Grande')`),
  ],
);

/** The pet's vaccine card; a vaccine with `next_due_on` gets a reminder when that date comes near. */
export const petVaccines = pgTable(
  'pet_vaccines',
  {
    id: serial('id').primaryKey(),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    appliedOn: date('applied_on').notNull(),
    nextDueOn: date('next_due_on'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pet_vaccines_pet_idx').on(t.petId),
    index('pet_vaccines_next_due_idx').on(t.nextDueOn).where(sql`${t.nextDueOn} is not null`),
    check('pet_vaccines_next_due_ck', sql`${t.nextDueOn} > ${t.appliedOn}`),
  ],
);

export const petWeights = pgTable(
  'pet_weights',
  {
    id: serial('id').primaryKey(),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    kg: numeric('kg', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    measuredOn: date('measured_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pet_weights_pet_idx').on(t.petId, t.measuredOn),
    check('pet_weights_kg_ck', sql`${t.kg} > 0 and ${t.kg} <= 150`),
  ],
);

/** id is the 2-digit IBGE code of the state. */
export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  uf: char('uf', { length: 2 }).notNull().unique(),
});

/** id is the 7-digit IBGE code of the municipality. */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
  },
  (t) => [index('cities_state_name_idx').on(t.stateId, t.name)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** '' on rows saved before street and district were asked for; every write sets both. */
    street: text('street').notNull().default(''),
    number: text('number').notNull(),
    complement: text('complement').notNull().default(''),
    district: text('district').notNull().default(''),
    cep: char('cep', { length: 8 }).notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId), check('addresses_cep_ck', sql`${t.cep} ~ '^[0-9]{8}$'`)],
);

/** The admin's delivery fee per UF; a UF without a row is not delivered to. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    uf: char('uf', { length: 2 }).primaryKey(),
    priceCents: integer('price_cents').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [
    check('shipping_rates_price_ck', sql`${t.priceCents} >= 0`),
    check('shipping_rates_days_ck', sql`${t.days} between 1 and 90`),
  ],
);

/** One row (id 1): the order subtotal from which delivery is free (null: never). */
export const shippingSettings = pgTable(
  'shipping_settings',
  {
    id: integer('id').primaryKey(),
    freeAboveCents: integer('free_above_cents'),
  },
  (t) => [
    check('shipping_settings_single_ck', sql`${t.id} = 1`),
    check('shipping_settings_free_above_ck', sql`${t.freeAboveCents} >= 0`),
  ],
);

export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id),
  createdAt: createdAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_product_uq').on(t.cartId, t.productId),
    check('cart_items_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method').notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    idempotencyKey: text('idempotency_key'),
    /** provider answer (e.g. the Pix BR Code) */
    details: jsonb('details'),
    createdAt: createdAt(),
    /** Pix and boleto: our id of the charge at the PSP (API Pix txid) */
    txid: text('txid'),
    /** a pending payment not paid by then expires */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** money arrived after the payment expired or was cancelled: it must be given back */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    uniqueIndex('payments_txid_uq').on(t.txid),
    index('payments_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'Pendente'`),
    check('payments_total_ck', sql`${t.totalCents} >= 0`),
    check('payments_method_ck', sql`${t.method} in ('Cartão de Débito', 'Cartão de Crédito', 'Pix', 'Boleto')`),
    check('payments_status_ck', sql`${t.status} in ('Pendente', 'Aprovado', 'Expirado', 'Cancelado', 'Recusado')`),
  ],
);

/** Each payment the bank reported, once per endToEndId: what makes a repeated notification harmless. */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    endToEndId: text('end_to_end_id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** 'settled': it paid the order; 'refund': it came too late and must go back */
    outcome: text('outcome').$type<'settled' | 'refund'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_receipts_payment_idx').on(t.paymentId),
    check('payment_receipts_outcome_ck', sql`${t.outcome} in ('settled', 'refund')`),
  ],
);

/** The embedded sandbox PSP's charges (API Pix cob), shared by every instance. */
export const sandboxPixCharges = pgTable('sandbox_pix_charges', {
  txid: text('txid').primaryKey(),
  chave: text('chave').notNull(),
  amountCents: integer('amount_cents').notNull(),
  expiracao: integer('expiracao').notNull(),
  status: text('status').notNull(),
  pixCopiaECola: text('pix_copia_e_cola').notNull(),
  revisao: integer('revisao').notNull().default(0),
  endToEndId: text('end_to_end_id'),
  paidCents: integer('paid_cents'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    status: text('status').$type<OrderStatus>().notNull().default('Processando'),
    /** products plus shipping */
    totalCents: integer('total_cents').notNull(),
    deliveryMethod: text('delivery_method').$type<DeliveryMethod>().notNull().default('Entrega'),
    shippingCents: integer('shipping_cents').notNull().default(0),
    /** the delivery address as it was at checkout; all null for pickup */
    addressStreet: text('address_street'),
    addressNumber: text('address_number'),
    addressComplement: text('address_complement'),
    addressDistrict: text('address_district'),
    addressCity: text('address_city'),
    addressState: char('address_state', { length: 2 }),
    addressCep: char('address_cep', { length: 8 }),
    createdAt: createdAt(),
    /** customer or admin deleted a cancelled order: hidden, kept for the books */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    check(
      'orders_status_ck',
      sql`${t.status} in ('Aguardando pagamento', 'Processando', 'Enviado', 'Pronto para retirada', 'Entregue', 'Cancelado')`,
    ),
    check('orders_total_ck', sql`${t.totalCents} >= 0`),
    check('orders_delivery_method_ck', sql`${t.deliveryMethod} in ('Entrega', 'Retirada na loja')`),
    check('orders_shipping_ck', sql`${t.shippingCents} >= 0 and ${t.shippingCents} <= ${t.totalCents}`),
    check(
      'orders_delivery_address_ck',
      sql`${t.deliveryMethod} = 'Retirada na loja' or (${t.addressStreet} is not null and ${t.addressNumber} is not null and ${t.addressComplement} is not null and ${t.addressDistrict} is not null and ${t.addressCity} is not null and ${t.addressState} is not null and ${t.addressCep} is not null)`,
    ),
    check(
      'orders_pickup_ck',
      sql`${t.deliveryMethod} = 'Entrega' or (${t.shippingCents} = 0 and ${t.addressCep} is null)`,
    ),
  ],
);

/** Every status an order has been in, with when: written by a trigger on orders, so no code path can skip it. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status').$type<OrderStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_status_events_order_idx').on(t.orderId, t.at),
    /** the reports date paid orders by this step */
    index('order_status_events_paid_idx').on(t.at).where(sql`${t.status} = 'Processando'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id').references(() => products.id),
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_ck', sql`${t.quantity} > 0`),
    check('order_items_price_ck', sql`${t.unitPriceCents} >= 0`),
  ],
);

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    appointmentDate: date('appointment_date').notNull(),
    appointmentTime: char('appointment_time', { length: 5 }).notNull(),
    /** the service's duration and the price for the pet's size, as they were when booked */
    durationMinutes: integer('duration_minutes').notNull().default(30),
    priceCents: integer('price_cents').notNull(),
    /**
     * The wall-clock time it occupies, derived so it never disagrees with date, time and duration.
     * Exclusion constraints over it (in the migrations: drizzle cannot declare them) keep one
     * employee's, and one pet's, active appointments from overlapping.
     */
    during: tsrange('during')
      .notNull()
      .generatedAlwaysAs(
        sql`tsrange(appointment_date + make_time(substr(appointment_time, 1, 2)::int, substr(appointment_time, 4, 2)::int, 0), appointment_date + make_time(substr(appointment_time, 1, 2)::int, substr(appointment_time, 4, 2)::int, 0) + make_interval(mins => duration_minutes))`,
      ),
    status: text('status').$type<AppointmentStatus>().notNull().default('Agendado'),
    /** the staff's note (kept for the pet's history) */
    staffNote: text('staff_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointments_user_idx').on(t.userId, t.appointmentDate),
    index('appointments_date_employee_idx').on(t.appointmentDate, t.employeeId, t.status),
    index('appointments_active_date_idx')
      .on(t.appointmentDate, t.appointmentTime)
      .where(sql`${t.status} in ('Agendado', 'Em atendimento')`),
    index('appointments_agenda_idx').on(t.appointmentDate, t.employeeId).where(sql`${t.status} <> 'Cancelado'`),
    check(
      'appointments_status_ck',
      sql`${t.status} in ('Agendado', 'Em atendimento', 'Concluído', 'Não compareceu', 'Cancelado')`,
    ),
    check('appointments_time_ck', sql`${t.appointmentTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('appointments_duration_ck', sql`${t.durationMinutes} in (30, 60, 90, 120)`),
    check('appointments_price_ck', sql`${t.priceCents} >= 0`),
  ],
);

/** Password-reset links: only the SHA-256 of the token is kept; single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * The outbox: one row per message and channel, written in the transaction of the change that causes it;
 * `event_key` makes each event produce its message at most once.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    recipient: text('recipient').notNull(),
    /** template data; secrets (a reset link) are sealed and removed once sent */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pendente'),
    attempts: integer('attempts').notNull().default(0),
    /** not before: retries with backoff and reminders wait until then */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    /** a delivery in progress owns the row until then (a crashed sender's lease runs out) */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_event_channel_uq').on(t.eventKey, t.channel),
    index('messages_due_idx').on(t.sendAfter).where(sql`${t.status} = 'pendente'`),
    index('messages_user_idx').on(t.userId),
    index('messages_created_idx').on(t.createdAt),
    check('messages_channel_ck', sql`${t.channel} in ('email', 'whatsapp')`),
    check('messages_status_ck', sql`${t.status} in ('pendente', 'enviada', 'falhou', 'cancelada')`),
  ],
);
