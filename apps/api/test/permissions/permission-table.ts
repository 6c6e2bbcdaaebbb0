import { addDays, cnpjCheckDigits } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { packages, products } from '../../src/db/schema';
import type { Caller, World } from './world';

/**
 * Who may call what: one row per OpenAPI operation (by operationId), a request that exercises it,
 * and the answer expected for each caller. A new operation without a row fails
 * permissions.test.ts, and so does a row whose operation is gone.
 *
 * `expect` has one cell per caller, in this order:
 *   visitor customer admin manager reception professional managerB receptionB
 * (managerB and receptionB work in another store than the world's records.) A cell is:
 *   ok  2xx or 3xx: allowed, and it worked
 *   in  allowed: the answer is neither 401, 403 nor 404 (a 4xx of the request itself, e.g. a 409)
 *   no  403: the role may not call it
 *   nf  404: the record is out of the caller's reach (someone else's, another store's)
 *   out 401: a session is needed
 */
export interface Row {
  call: (w: World, caller: Caller) => Request | Promise<Request>;
  expect: string;
}

export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export const CELLS = ['ok', 'in', 'no', 'nf', 'out'] as const;
export type Cell = (typeof CELLS)[number];

const get = (url: string): Request => ({ method: 'GET', url: `/api${url}` });
const del = (url: string, payload?: unknown): Request => ({ method: 'DELETE', url: `/api${url}`, payload });
const post = (url: string, payload?: unknown): Request => ({ method: 'POST', url: `/api${url}`, payload });
const put = (url: string, payload?: unknown): Request => ({ method: 'PUT', url: `/api${url}`, payload });

/** Everyone, signed in or not. */
const PUBLIC = 'ok ok ok ok ok ok ok ok';
/** Any session, on the caller's own records. */
const OWN = 'out ok ok ok ok ok ok ok';
/** The owner only. */
const ADMIN = 'out no ok no no no no no';

/** Staff who sell or run a store: the owner, managers and reception (their stores' records). */
const STOCK_READERS = 'out no ok ok ok no ok ok';

/** One unit of the world's product sent from store A to store B by the owner. */
async function freshTransfer(w: World): Promise<number> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/stores/${w.storeA}/transfers`,
    headers: w.as.admin.auth,
    payload: { toStoreId: w.storeB, items: [{ productId: w.productId, quantity: 1 }] },
  });
  if (res.statusCode !== 201) throw new Error(`transfer failed: ${res.body}`);
  return res.json().data.id as number;
}

/** Managers (any store) and the owner. */
const BUYERS = 'out no ok ok no no ok no';
/** Managers of store A and the owner; store B's manager does not see store A's records. */
const STORE_A_BUYERS = 'out no ok ok no no nf no';

/** A supplier with a CNPJ of its own: a random alphanumeric base and its check digits. */
function supplierBody() {
  const base = Array.from(
    { length: 12 },
    () => '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'[Math.floor(Math.random() * 34)],
  ).join('');
  return { name: 'Fornecedor da matriz', cnpj: `${base}${cnpjCheckDigits(base)}`, contact: '' };
}

async function asAdmin(w: World, method: 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await w.t.app.inject({ method, url: `/api${url}`, headers: w.as.admin.auth, payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${url} failed: ${res.body}`);
  return res.json().data as { id: number };
}

const freshSupplier = async (w: World) => (await asAdmin(w, 'POST', '/suppliers', supplierBody())).id;

const purchaseBody = async (w: World) => ({
  supplierId: await freshSupplier(w),
  storeId: w.storeA,
  items: [{ productId: w.productId, quantity: 2, unitCost: 10 }],
});

/** A purchase order of store A, in Rascunho (or Enviado). */
async function freshPurchase(w: World, sent = false): Promise<number> {
  const { id } = await asAdmin(w, 'POST', '/purchase-orders', await purchaseBody(w));
  if (sent) await asAdmin(w, 'POST', `/purchase-orders/${id}/send`);
  return id;
}

const productBody = (w: World) => ({
  name: 'Produto da matriz',
  price: 19.9,
  stock: 5,
  category_id: w.refs.categoryId,
  species_id: w.refs.speciesId,
});
const petBody = { name: 'Thor', age: 2, specie: 'Cachorro', size: 'Médio' };
const addressBody = {
  street: 'Avenida Paulista',
  number: '1000',
  district: 'Bela Vista',
  cep: '01310100',
  state_id: 35,
  city_id: 3550308,
};
const employeeBody = (w: World) => ({
  name: 'Nova Banhista',
  phone: '11987654321',
  position: 'Banhista',
  service_id: w.serviceId,
});
const storeBody = { ...addressBody, name: 'Loja', phone: '1133334444' };
const packageBody = (w: World) => ({
  name: 'Pacote da matriz',
  serviceId: w.serviceId,
  size: null,
  credits: 4,
  validityDays: 45,
  price: 200,
});
/** A package on sale, new for each call that changes it. */
async function freshPackage(w: World) {
  const [row] = await w.t.db
    .insert(packages)
    .values({ ...packageBody(w), priceCents: 20_000 })
    .returning({ id: packages.id });
  if (!row) throw new Error('no package');
  return row.id;
}
const week = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '18:00' }));

const planBody = (w: World) => ({
  name: 'Banho semanal',
  serviceId: w.serviceId,
  size: 'Médio',
  frequency: 'SEMANAL',
  price: 70,
});
/** A new plan, created by the admin. */
async function freshPlan(w: World) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/plans',
    headers: w.as.admin.auth,
    payload: planBody(w),
  });
  if (res.statusCode !== 201) throw new Error(`plan failed: ${res.body}`);
  return res.json().data.id as number;
}
/** A new subscription of the customer (a fresh pet, with an employee of its own), awaiting authorisation. */
async function freshSubscription(w: World) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: `/api/plans/${await freshPlan(w)}/subscribe`,
    headers: w.as.customer.auth,
    payload: {
      petId: await w.fresh.pet(),
      weekday: 6,
      time: '17:00',
      employeeId: await w.fresh.employee(),
      paymentMethod: 'Pix Automático',
    },
  });
  if (res.statusCode !== 201) throw new Error(`subscription failed: ${res.body}`);
  return res.json().data.id as number;
}

/** The counter's callers who work a till of store A themselves; the others act on the receptionist's. */
const TILL_ROLES: readonly Caller[] = ['admin', 'manager', 'reception'];
const tillOwner = (caller: Caller): Exclude<Caller, 'visitor'> =>
  TILL_ROLES.includes(caller) ? (caller as 'admin') : 'reception';

async function closeTill(w: World, caller: Caller) {
  const auth = w.as[tillOwner(caller)].auth;
  const current = (await w.t.app.inject({ url: `/api/pos/sessions/current?storeId=${w.storeA}`, headers: auth })).json()
    .data as { id: number } | null;
  if (!current) return;
  const counted = { dinheiro: 0, pix: 0, credito: 0, debito: 0 };
  await w.t.app.inject({
    method: 'POST',
    url: `/api/pos/sessions/${current.id}/close`,
    headers: auth,
    payload: { counted },
  });
}

/** The open till of `caller` (or the receptionist's) at store A; `fresh`: a new one. */
async function openTill(w: World, caller: Caller, fresh = false): Promise<number> {
  const auth = w.as[tillOwner(caller)].auth;
  if (fresh) await closeTill(w, caller);
  const current = (await w.t.app.inject({ url: `/api/pos/sessions/current?storeId=${w.storeA}`, headers: auth })).json()
    .data as { id: number } | null;
  if (current) return current.id;
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/pos/sessions',
    headers: auth,
    payload: { storeId: w.storeA, openingCash: 100 },
  });
  if (res.statusCode !== 201) throw new Error(`opening a till failed: ${res.body}`);
  return res.json().data.id as number;
}

const counterKey = () => `matriz-${Math.random().toString(36).slice(2, 12)}`;
const counterSaleBody = (w: World, sessionId: number, method: 'Cartão de Débito' | 'Pix' = 'Cartão de Débito') => ({
  sessionId,
  items: [{ productId: w.productId, quantity: 1 }],
  payments: [method === 'Pix' ? { method, amount: 19.9 } : { method, amount: 19.9, nsu: '123456' }],
});

/** A completed (or, with Pix, waiting) counter sale made at the till of `caller` (or the receptionist's). */
async function counterSale(w: World, caller: Caller, method: 'Cartão de Débito' | 'Pix' = 'Cartão de Débito') {
  const sessionId = await openTill(w, caller);
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/pos/sales',
    headers: { ...w.as[tillOwner(caller)].auth, 'idempotency-key': counterKey() },
    payload: counterSaleBody(w, sessionId, method),
  });
  if (res.statusCode !== 201) throw new Error(`counter sale failed: ${res.body}`);
  return res.json().data.id as number;
}
/** Reception and managers at their store's counter, and the owner. */
const COUNTER = 'out no ok ok ok no nf nf';

export const PERMISSIONS: Record<string, Row> = {
  // Health, sign-in and accounts
  getHealth: { call: () => get('/health'), expect: PUBLIC },
  login: {
    call: (w) => post('/auth/login', { email: w.as.customer.user.email, password: w.as.customer.password }),
    expect: PUBLIC,
  },
  trustDeviceByUnlockLink: { call: () => get('/auth/device?token=nao-existe'), expect: 'in in in in in in in in' },
  getGoogleConfig: { call: () => get('/auth/google/config'), expect: PUBLIC },
  loginWithGoogle: { call: () => post('/auth/google', { credential: 'x' }), expect: 'in in in in in in in in' },
  // the code step of a sign-in is public (a malformed challenge: 400); the caller's own second factor is staff's
  verifyTwoFactor: {
    call: () => post('/auth/2fa/verify', { challenge: 'x', code: '1' }),
    expect: 'in in in in in in in in',
  },
  getTwoFactorStatus: { call: () => get('/auth/2fa'), expect: 'out no ok ok ok ok ok ok' },
  setUpTwoFactor: { call: () => post('/auth/2fa/setup'), expect: 'out no ok ok ok ok ok ok' },
  // a wrong first code is a 400 on the field
  enableTwoFactor: { call: () => post('/auth/2fa/enable', { code: '000000' }), expect: 'out no in in in in in in' },
  // without two-factor on, turning it off is a 409; resetting another's is the owner's (a 409 for one without it)
  disableTwoFactor: { call: () => post('/auth/2fa/disable', { code: '000000' }), expect: 'out no in in in in in in' },
  resetTwoFactor: {
    call: async (w) => del(`/user/${(await w.fresh.customer()).user.id}/2fa`),
    expect: 'out no in no no no no no',
  },
  // 202, or 429 once the address has asked too often: both past the gate
  requestPasswordReset: {
    call: () => post('/auth/password/forgot', { email: 'ninguem@exemplo.com.br' }),
    expect: 'in in in in in in in in',
  },
  resetPassword: {
    call: () => post('/auth/password/reset', { token: 'nao-existe', password: 'senha-nova-123' }),
    expect: 'in in in in in in in in',
  },
  changePassword: {
    call: (w) =>
      put(`/user/${w.as.customer.user.id}/password`, { currentPassword: 'errada-123', newPassword: 'x-nova-12345' }),
    expect: 'out in no nf nf nf nf nf',
  },
  registerUser: { call: (w) => post('/user', w.t.newUserPayload()), expect: PUBLIC },
  listUsers: { call: () => get('/user'), expect: 'out no ok ok ok no ok ok' },
  getUser: { call: (w) => get(`/user/${w.as.customer.user.id}`), expect: 'out ok ok ok ok nf ok ok' },
  updateUser: {
    call: (w) =>
      put(`/user/${w.as.customer.user.id}`, {
        name: 'Cliente Matriz',
        email: w.as.customer.user.email,
        phone: '11987654321',
      }),
    expect: 'out ok ok ok ok nf ok ok',
  },
  deleteUser: {
    call: async (w) => del(`/user/${(await w.fresh.customer()).user.id}`),
    expect: 'out nf ok nf nf nf nf nf',
  },
  getPreferences: {
    call: (w) => get(`/user/${w.as.customer.user.id}/preferences`),
    expect: 'out ok nf nf nf nf nf nf',
  },
  updatePreferences: {
    call: (w) => put(`/user/${w.as.customer.user.id}/preferences`, { marketingOptIn: false, whatsappOptIn: false }),
    expect: 'out ok nf nf nf nf nf nf',
  },
  exportUserData: { call: (w) => get(`/user/${w.as.customer.user.id}/export`), expect: 'out ok ok nf nf nf nf nf' },

  // Messages and reports
  listMessages: { call: () => get('/admin/messages'), expect: ADMIN },
  getMessage: { call: (w) => get(`/admin/messages/${w.messageId}`), expect: ADMIN },
  resendMessage: { call: (w) => post(`/admin/messages/${w.messageId}/resend`), expect: 'out no in no no no no no' },
  getReportSummary: {
    call: (w) => get(`/admin/reports/summary?from=${w.day}&to=${w.day}`),
    expect: 'out no ok ok no no ok no',
  },

  // Catalogue
  listProducts: { call: () => get('/products'), expect: PUBLIC },
  createProduct: { call: (w) => post('/products', productBody(w)), expect: 'out no ok ok no no ok no' },
  searchProducts: { call: () => get('/products/search/racao'), expect: PUBLIC },
  searchProductsWithoutTerm: { call: () => get('/products/search'), expect: PUBLIC },
  listProductsByCategory: { call: (w) => get(`/products/category/${w.refs.categoryId}`), expect: PUBLIC },
  listProductsBySpecies: { call: (w) => get(`/products/specie/${w.refs.speciesId}`), expect: PUBLIC },
  getProduct: { call: (w) => get(`/products/${w.productId}`), expect: PUBLIC },
  // store B's manager sets the sum by their own shelf: store A's units keep it above 5 (400 on stock)
  updateProduct: {
    call: async (w) => put(`/products/${await w.fresh.product()}`, productBody(w)),
    expect: 'out no ok ok no no in no',
  },
  deleteProduct: { call: async (w) => del(`/products/${await w.fresh.product()}`), expect: 'out no ok ok no no ok no' },
  listCategories: { call: () => get('/categories'), expect: PUBLIC },
  listSpecies: { call: () => get('/species'), expect: PUBLIC },
  uploadProductImage: {
    call: () => ({ ...post('/products/images', 'x'), headers: { 'content-type': 'text/plain' } }),
    expect: 'out no in in no no in no',
  },

  // Services and employees
  listServices: { call: () => get('/services'), expect: PUBLIC },
  createService: {
    call: () => post('/services', { name: 'Hidratação da matriz', price: 30, durationMinutes: 30 }),
    expect: 'out no ok ok no no ok no',
  },
  getService: { call: (w) => get(`/services/${w.serviceId}`), expect: PUBLIC },
  updateService: {
    call: async (w) =>
      put(`/services/${await w.fresh.service()}`, { name: 'Serviço alterado', price: 40, durationMinutes: 60 }),
    expect: 'out no ok ok no no ok no',
  },
  deleteService: { call: async (w) => del(`/services/${await w.fresh.service()}`), expect: 'out no ok ok no no ok no' },
  listEmployees: { call: () => get('/employers'), expect: OWN },
  createEmployee: { call: (w) => post('/employers', employeeBody(w)), expect: 'out no ok ok no no ok no' },
  listEmployeesByService: { call: (w) => get(`/employers/service/${w.serviceId}`), expect: OWN },
  getEmployee: { call: (w) => get(`/employers/${w.groomerEmployee}`), expect: OWN },
  updateEmployee: {
    call: async (w) => put(`/employers/${await w.fresh.employee()}`, employeeBody(w)),
    expect: 'out no ok ok no no nf no',
  },
  deleteEmployee: {
    call: async (w) => del(`/employers/${await w.fresh.employee()}`),
    expect: 'out no ok ok no no nf no',
  },
  getEmployeeSchedule: {
    call: (w) => get(`/employers/${w.groomerEmployee}/schedule`),
    expect: 'out no ok ok no no nf no',
  },
  setEmployeeSchedule: {
    call: async (w) => put(`/employers/${await w.fresh.employee()}/schedule`, { week, daysOff: [] }),
    expect: 'out no ok ok no no nf no',
  },

  // Appointments and the agenda
  createAppointment: {
    call: (w) =>
      post('/appointments', {
        service_id: w.serviceId,
        employer_id: w.otherEmployee,
        pet_id: w.petId,
        ...w.nextSlot(),
      }),
    expect: 'out ok nf nf nf nf nf nf',
  },
  // Staff book for a customer: another store's employee is 404 to its manager and reception.
  createAppointmentForCustomer: {
    call: (w) =>
      post(`/user/${w.as.customer.user.id}/appointments`, {
        service_id: w.serviceId,
        employer_id: w.otherEmployee,
        pet_id: w.petId,
        ...w.nextSlot(),
      }),
    expect: 'out no ok ok ok no nf nf',
  },
  listMyAppointments: { call: () => get('/appointments'), expect: OWN },
  listMyPastAppointments: { call: () => get('/appointments/history'), expect: OWN },
  getAvailability: {
    call: (w) => get(`/appointments/availability?employer_id=${w.groomerEmployee}&date=${w.day}`),
    expect: OWN,
  },
  getAppointment: { call: (w) => get(`/appointments/${w.groomerAppointment}`), expect: 'out ok ok ok ok ok nf nf' },
  rescheduleAppointment: {
    call: async (w) => {
      const id = await w.fresh.appointment();
      return put(`/appointments/${id}`, w.nextSlot());
    },
    expect: 'out ok ok ok ok nf nf nf',
  },
  cancelAppointment: {
    call: async (w) => del(`/appointments/${await w.fresh.appointment()}`),
    expect: 'out ok ok ok ok nf nf nf',
  },
  listUpcomingAppointments: { call: () => get('/appointments/all'), expect: 'out no ok ok ok no ok ok' },
  setAppointmentStatus: {
    call: async (w) => put(`/appointments/${await w.fresh.appointment()}/status`, { status: 'Em atendimento' }),
    expect: 'out no ok ok ok ok nf nf',
  },
  getAgenda: { call: (w) => get(`/admin/agenda?date=${w.day}`), expect: 'out no ok ok ok ok ok ok' },

  // Cart, payments, orders
  getCart: { call: () => get('/carts'), expect: OWN },
  addToCart: { call: (w) => post('/carts/add', { productId: w.productId, quantity: 1 }), expect: OWN },
  removeFromCart: { call: (w) => post('/carts/remove', { productId: w.productId, quantity: 1 }), expect: OWN },
  clearCart: { call: () => del('/carts/clear'), expect: OWN },
  deleteCart: { call: () => del('/carts/delete'), expect: OWN },
  getPaymentsConfig: { call: () => get('/payments/config'), expect: PUBLIC },
  listInstallments: { call: () => get('/payments/installments?amount=100&paymentMethodId=visa'), expect: PUBLIC },
  getPaymentSummary: {
    call: async (w) => get(`/payments/${await w.fresh.cart()}`),
    expect: 'out ok nf nf nf nf nf nf',
  },
  payCart: {
    call: async (w) =>
      post('/payments/pay', { cartId: await w.fresh.cart(), paymentMethod: 'Pix', deliveryMethod: 'Retirada na loja' }),
    expect: 'out ok nf nf nf nf nf nf',
  },
  receivePixNotification: { call: () => post('/webhooks/pix', { pix: [] }), expect: 'out out out out out out out out' },
  receiveCardWebhook: { call: () => post('/webhooks/cards', {}), expect: 'out out out out out out out out' },
  listMyOrders: { call: () => get('/orders'), expect: OWN },
  getMyOrderByPayment: { call: (w) => get(`/orders/${w.paid.paymentId}`), expect: 'out ok nf nf nf nf nf nf' },
  getMyOrder: { call: (w) => get(`/orders/${w.paid.orderId}/details`), expect: 'out ok nf nf nf nf nf nf' },
  deleteMyOrder: {
    call: async (w) => del(`/orders/${(await w.fresh.order()).orderId}`),
    expect: 'out in nf nf nf nf nf nf',
  },
  advanceOrder: {
    call: async (w) => put(`/orders/${(await w.fresh.order()).orderId}`, { status: 'Pronto para retirada' }),
    expect: 'out no ok ok ok no nf nf',
  },
  cancelMyOrder: {
    call: async (w) => del(`/orders/cancel/${(await w.fresh.order()).orderId}`),
    expect: 'out ok nf nf nf nf nf nf',
  },
  listAllOrders: { call: () => get('/orders/all/users'), expect: 'out no ok ok ok no ok ok' },
  cancelOrder: {
    call: async (w) => del(`/orders/admin/cancel/${(await w.fresh.order()).orderId}`),
    expect: 'out no ok ok no no nf no',
  },
  deleteOrder: {
    call: async (w) => del(`/orders/admin/${(await w.fresh.order()).orderId}`),
    expect: 'out no in in no no nf no',
  },
  refundOrder: {
    call: async (w) => post(`/orders/${(await w.fresh.order()).orderId}/refund`, { reason: 'Teste da matriz' }),
    expect: 'out no ok ok no no nf no',
  },
  listOrderRefunds: { call: (w) => get(`/orders/${w.paid.orderId}/refunds`), expect: 'out no ok ok no no nf no' },
  confirmOrderRefund: {
    call: (w) => post(`/orders/${w.paid.orderId}/refunds/999999/confirm`),
    expect: 'out no nf nf no no nf no',
  },

  // Places, addresses, delivery, stores
  listStates: { call: () => get('/states'), expect: PUBLIC },
  listCities: { call: () => get('/cities/cityToState/35'), expect: PUBLIC },
  listAddresses: { call: () => get('/addresses'), expect: OWN },
  createAddress: { call: () => post('/addresses', addressBody), expect: OWN },
  getAddress: { call: (w) => get(`/addresses/${w.addressId}`), expect: 'out ok nf nf nf nf nf nf' },
  updateAddress: { call: (w) => put(`/addresses/${w.addressId}`, addressBody), expect: 'out ok nf nf nf nf nf nf' },
  deleteAddress: {
    call: async (w) => del(`/addresses/${await w.fresh.address()}`),
    expect: 'out ok nf nf nf nf nf nf',
  },
  lookUpCep: { call: () => get('/cep/01310100'), expect: 'in in in in in in in in' },
  quoteShipping: { call: () => get('/shipping/quote?cep=01310100&subtotal=50'), expect: PUBLIC },
  getShippingTable: { call: () => get('/admin/shipping'), expect: ADMIN },
  replaceShippingTable: {
    call: async (w) =>
      put(
        '/admin/shipping',
        (await w.t.app.inject({ url: '/api/admin/shipping', headers: w.as.admin.auth })).json().data,
      ),
    expect: ADMIN,
  },
  listStores: { call: () => get('/stores'), expect: PUBLIC },
  setStoreHours: { call: (w) => put(`/stores/${w.storeA}/hours`, { week }), expect: STORE_A_BUYERS },
  listAllStores: { call: () => get('/admin/stores'), expect: BUYERS },
  createStore: {
    call: () => post('/stores', { ...storeBody, name: 'Loja da matriz' }),
    expect: ADMIN,
  },
  updateStore: { call: (w) => put(`/stores/${w.storeB}`, { ...storeBody, name: 'Loja Centro' }), expect: ADMIN },

  // Stock: per store, the ledger, transfers
  getProductStock: { call: (w) => get(`/products/${w.productId}/stock`), expect: PUBLIC },
  listStockMovements: { call: () => get('/stock/movements'), expect: STOCK_READERS },
  createStockAdjustment: {
    call: (w) => post('/stock/adjustments', { storeId: w.storeA, productId: w.productId, delta: 1, reason: 'ajuste' }),
    expect: 'out no ok ok no no nf no',
  },
  listStockTransfers: { call: () => get('/transfers'), expect: STOCK_READERS },
  getStockTransfer: { call: async (w) => get(`/transfers/${await freshTransfer(w)}`), expect: STOCK_READERS },
  sendStockTransfer: {
    call: (w) =>
      post(`/stores/${w.storeA}/transfers`, { toStoreId: w.storeB, items: [{ productId: w.productId, quantity: 1 }] }),
    expect: 'out no ok ok no no nf no',
  },
  // from store A to store B: received at B
  receiveStockTransfer: {
    call: async (w) => post(`/transfers/${await freshTransfer(w)}/receive`),
    expect: 'out no ok nf no no ok no',
  },

  // Purchasing: suppliers are the chain's; purchase orders, suggestions and minimums are a store's
  listSuppliers: { call: () => get('/suppliers'), expect: BUYERS },
  getSupplier: { call: async (w) => get(`/suppliers/${await freshSupplier(w)}`), expect: BUYERS },
  createSupplier: { call: () => post('/suppliers', supplierBody()), expect: BUYERS },
  updateSupplier: { call: async (w) => put(`/suppliers/${await freshSupplier(w)}`, supplierBody()), expect: BUYERS },
  listPurchaseOrders: { call: () => get('/purchase-orders'), expect: BUYERS },
  getPurchaseOrder: { call: async (w) => get(`/purchase-orders/${await freshPurchase(w)}`), expect: STORE_A_BUYERS },
  createPurchaseOrder: {
    call: async (w) => post('/purchase-orders', await purchaseBody(w)),
    expect: STORE_A_BUYERS,
  },
  sendPurchaseOrder: {
    call: async (w) => post(`/purchase-orders/${await freshPurchase(w)}/send`),
    expect: STORE_A_BUYERS,
  },
  receivePurchaseOrder: {
    call: async (w) => post(`/purchase-orders/${await freshPurchase(w, true)}/receive`),
    expect: STORE_A_BUYERS,
  },
  cancelPurchaseOrder: {
    call: async (w) => post(`/purchase-orders/${await freshPurchase(w)}/cancel`),
    expect: STORE_A_BUYERS,
  },
  listExpiringLots: { call: () => get('/stock/lots/expiring'), expect: BUYERS },
  listStockSuggestions: { call: (w) => get(`/stock/suggestions?storeId=${w.storeA}`), expect: STORE_A_BUYERS },
  setStockMinimum: {
    call: (w) => put('/stock/minimums', { storeId: w.storeA, productId: w.productId, minimum: 3 }),
    expect: STORE_A_BUYERS,
  },

  // Pets and their health
  listPets: { call: () => get('/pets'), expect: OWN },
  createPet: { call: () => post('/pets', petBody), expect: OWN },
  listCustomerPets: { call: (w) => get(`/user/${w.as.customer.user.id}/pets`), expect: 'out no ok ok ok no ok ok' },
  createCustomerPet: {
    call: async (w) => post(`/user/${(await w.fresh.customer()).user.id}/pets`, petBody),
    expect: 'out no ok ok ok no ok ok',
  },
  getPet: { call: (w) => get(`/pets/${w.petId}`), expect: 'out ok ok ok ok ok ok ok' },
  updatePet: { call: (w) => put(`/pets/${w.petId}`, petBody), expect: 'out ok nf nf nf nf nf nf' },
  deletePet: { call: async (w) => del(`/pets/${await w.fresh.pet()}`), expect: 'out ok nf nf nf nf nf nf' },
  listVaccines: { call: (w) => get(`/pets/${w.petId}/vaccines`), expect: 'out ok ok ok ok ok ok ok' },
  addVaccine: {
    call: (w) => post(`/pets/${w.petId}/vaccines`, { name: 'Antirrábica', appliedOn: addDays(w.day, -10) }),
    expect: 'out ok no no no ok no no',
  },
  deleteVaccine: {
    call: async (w) => del(`/pets/${w.petId}/vaccines/${await w.fresh.vaccine()}`),
    expect: 'out ok no no no ok no no',
  },
  listWeights: { call: (w) => get(`/pets/${w.petId}/weights`), expect: 'out ok ok ok ok ok ok ok' },
  addWeight: {
    call: (w) => post(`/pets/${w.petId}/weights`, { kg: 12.5, measuredOn: addDays(w.day, -10) }),
    expect: 'out ok no no no ok no no',
  },
  getPetHistory: { call: (w) => get(`/pets/${w.petId}/history`), expect: 'out ok ok ok ok ok ok ok' },

  // Packages and the pets' credits
  listPackages: { call: () => get('/packages'), expect: PUBLIC },
  buyPackage: {
    call: async (w) => post(`/packages/${await freshPackage(w)}/buy`, { petId: w.petId, paymentMethod: 'Pix' }),
    expect: 'out ok nf nf nf nf nf nf',
  },
  listPetCredits: { call: (w) => get(`/pets/${w.petId}/credits`), expect: 'out ok ok ok ok nf ok ok' },
  listAllPackages: { call: () => get('/admin/packages'), expect: ADMIN },
  createPackage: { call: (w) => post('/packages', packageBody(w)), expect: ADMIN },
  updatePackage: { call: async (w) => put(`/packages/${await freshPackage(w)}`, packageBody(w)), expect: ADMIN },
  deletePackage: { call: async (w) => del(`/packages/${await freshPackage(w)}`), expect: ADMIN },
  listExpiringCredits: { call: () => get('/admin/credits/expiring'), expect: 'out no ok ok no no ok no' },

  // The embedded Pix sandbox
  getSandboxMode: { call: () => get('/sandbox/pix/mode'), expect: PUBLIC },
  paySandboxCharge: { call: () => post(`/sandbox/pix/${'a'.repeat(26)}/pay`), expect: 'out nf nf nf nf nf nf nf' },
  // Staff: invitations and roles
  inviteEmployee: {
    call: async (w) =>
      post(`/employers/${await w.fresh.employee()}/invite`, { email: w.fresh.email(), role: 'professional' }),
    expect: 'out no ok ok no no nf no',
  },
  // An unknown token is a 400 to anyone: the link is the proof, not the session
  acceptStaffInvitation: {
    call: () => post('/auth/invitations/accept', { token: 'A'.repeat(43) }),
    expect: 'in in in in in in in in',
  },
  setUserRole: {
    call: async (w) =>
      put(`/user/${(await w.fresh.customer()).user.id}/role`, { role: 'reception', storeIds: [w.storeA] }),
    expect: ADMIN,
  },

  // Audit
  listAuditLog: { call: () => get('/admin/audit'), expect: ADMIN },

  // The payments ledger: a manager of another store asking for store A is refused
  listPayments: { call: (w) => get(`/admin/payments?storeId=${w.storeA}`), expect: 'out no ok ok no no no no' },

  // Plans and subscriptions
  listPlans: { call: () => get('/plans'), expect: PUBLIC },
  listAllPlans: { call: () => get('/plans/all'), expect: ADMIN },
  createPlan: { call: (w) => post('/plans', planBody(w)), expect: ADMIN },
  updatePlan: { call: async (w) => put(`/plans/${await freshPlan(w)}`, planBody(w)), expect: ADMIN },
  listAllSubscriptions: { call: () => get('/subscriptions/all'), expect: ADMIN },
  getRecurringRevenue: { call: () => get('/admin/reports/recurring-revenue'), expect: ADMIN },
  // The pet must be the caller's own: anyone else's is not found.
  subscribeToPlan: {
    call: async (w) =>
      post(`/plans/${await freshPlan(w)}/subscribe`, {
        petId: await w.fresh.pet(),
        weekday: 6,
        time: '17:00',
        employeeId: await w.fresh.employee(),
        paymentMethod: 'Pix Automático',
      }),
    expect: 'out ok nf nf nf nf nf nf',
  },
  listOwnSubscriptions: { call: () => get('/subscriptions'), expect: OWN },
  getSubscription: {
    call: async (w) => get(`/subscriptions/${await freshSubscription(w)}`),
    expect: 'out ok ok nf nf nf nf nf',
  },
  // Awaiting the Pix Automático authorisation: neither paused nor resumed (409) by whoever may see it.
  pauseSubscription: {
    call: async (w) => post(`/subscriptions/${await freshSubscription(w)}/pause`),
    expect: 'out in in nf nf nf nf nf',
  },
  resumeSubscription: {
    call: async (w) => post(`/subscriptions/${await freshSubscription(w)}/resume`),
    expect: 'out in in nf nf nf nf nf',
  },
  cancelSubscription: {
    call: async (w) => post(`/subscriptions/${await freshSubscription(w)}/cancel`),
    expect: 'out ok ok nf nf nf nf nf',
  },
  changeSubscriptionWeekday: {
    call: async (w) => post(`/subscriptions/${await freshSubscription(w)}/weekday`, { weekday: 5 }),
    expect: 'out ok ok nf nf nf nf nf',
  },
  // A cycle that is not the subscription's: not found for the admin, the only one who may refund it.
  refundSubscriptionCycle: {
    call: async (w) =>
      post(`/subscriptions/${await freshSubscription(w)}/cycles/999999/refund`, { reason: 'Teste da matriz' }),
    expect: 'out no nf no no no no no',
  },
  receivePixRecNotification: {
    call: () => post('/webhooks/rec', { recs: [] }),
    expect: 'out out out out out out out out',
  },
  receivePixCobrNotification: {
    call: () => post('/webhooks/cobr', { cobsr: [] }),
    expect: 'out out out out out out out out',
  },
  authorizeSandboxRecurrence: {
    call: async (w) => post(`/sandbox/subscriptions/${await freshSubscription(w)}/authorize`),
    expect: 'out ok ok nf nf nf nf nf',
  },
  // No cycle charged yet: 409 for whoever may see it.
  paySandboxCycle: {
    call: async (w) => post(`/sandbox/subscriptions/${await freshSubscription(w)}/pay-cycle`),
    expect: 'out in in nf nf nf nf nf',
  },
  // The counter (the waiting Pix sale's cancel last: it leaves sales open on the receptionist's till)
  getProductByBarcode: {
    call: async (w) => {
      await w.t.db.update(products).set({ barcode: '7891000100103' }).where(eq(products.id, w.productId));
      return get('/products/barcode/7891000100103');
    },
    expect: PUBLIC,
  },
  openCashSession: {
    call: async (w, caller) => {
      // One open till per operator and store: the caller's own is closed first.
      if (TILL_ROLES.includes(caller)) await closeTill(w, caller);
      return post('/pos/sessions', { storeId: w.storeA, openingCash: 50 });
    },
    expect: COUNTER,
  },
  getCurrentCashSession: { call: () => get('/pos/sessions/current'), expect: 'out no ok ok ok no ok ok' },
  getCashSession: { call: async (w) => get(`/pos/sessions/${await openTill(w, 'reception')}`), expect: COUNTER },
  addCashMovement: {
    call: async (w) =>
      post(`/pos/sessions/${await openTill(w, 'reception')}/movements`, { type: 'suprimento', amount: 10 }),
    expect: COUNTER,
  },
  createCounterSale: {
    call: async (w, caller) => ({
      ...post('/pos/sales', counterSaleBody(w, await openTill(w, caller))),
      headers: { 'idempotency-key': counterKey() },
    }),
    expect: COUNTER,
  },
  getCounterSale: { call: async (w) => get(`/pos/sales/${await counterSale(w, 'reception')}`), expect: COUNTER },
  returnCounterSaleItems: {
    call: async (w) =>
      post(`/pos/sales/${await counterSale(w, 'reception')}/returns`, {
        items: [{ productId: w.productId, quantity: 1 }],
      }),
    expect: COUNTER,
  },
  closeCashSession: {
    call: async (w, caller) =>
      post(`/pos/sessions/${await openTill(w, caller, true)}/close`, {
        counted: { dinheiro: 100, pix: 0, credito: 0, debito: 0 },
      }),
    expect: COUNTER,
  },
  cancelCounterSale: {
    call: async (w, caller) => post(`/pos/sales/${await counterSale(w, caller, 'Pix')}/cancel`),
    expect: COUNTER,
  },
};
