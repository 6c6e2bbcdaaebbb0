import { addDays, businessMoment } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { employees, payments, pets, services } from '../../src/db/schema';
import { call } from '../../test/support/api-process';
import { onePrice } from '../../test/support/booking';
import type { insertAddress, insertProduct, PixOrder, pixOrder, RemoteCustomer } from '../../test/support/remote-shop';

/** The parts of an OpenAPI operation the fuzz reads. */
export interface Operation {
  path: string;
  method: string;
  parameters?: { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  minimum?: number;
}

export interface FuzzCase {
  method: string;
  path: string;
  label: string;
  headers: Record<string, string>;
  body?: string;
}

/** The owner's things, by the name of the path parameter that reaches them. */
export type OwnedIds = Record<
  'user' | 'pet' | 'vaccine' | 'address' | 'appointment' | 'order' | 'payment' | 'cart' | 'txid',
  string
>;

/** Gives the owner one of everything a customer owns, for the "another customer's token" cases. */
export async function ownedIds(
  base: string,
  db: Db,
  owner: RemoteCustomer,
  shop: { insertAddress: typeof insertAddress; insertProduct: typeof insertProduct; pixOrder: typeof pixOrder },
): Promise<OwnedIds> {
  const addressId = await shop.insertAddress(db, owner.id);
  const productId = await shop.insertProduct(db, 'Ração do dono', 50);
  const order: PixOrder = await shop.pixOrder(base, owner, addressId, productId, 1);
  const [payment] = await db.select({ txid: payments.txid }).from(payments).where(eq(payments.id, order.paymentId));
  const added = await call(base, '/api/carts/add', {
    method: 'POST',
    token: owner.token,
    body: { productId, quantity: 1 },
  });
  const pet = await call(base, '/api/pets', {
    method: 'POST',
    token: owner.token,
    body: { name: 'Rex', age: 3, specie: 'Cachorro', size: 'Médio' },
  });
  const petId = (pet.json.data as { id: number }).id;
  const today = businessMoment().date;
  const vaccine = await call(base, `/api/pets/${petId}/vaccines`, {
    method: 'POST',
    token: owner.token,
    body: { name: 'V10', appliedOn: addDays(today, -30), nextDueOn: addDays(today, 300) },
  });
  const [service] = await db
    .insert(services)
    .values({ name: 'Banho do fuzz', description: '', ...onePrice(5000) })
    .returning({ id: services.id });
  const [employee] = await db
    .insert(employees)
    .values({ name: 'Ana Fuzz', phone: '11987654321', position: 'Banhista', serviceId: service?.id ?? 0 })
    .returning({ id: employees.id });
  let appointmentId = '999999';
  for (let days = 2; days < 6; days += 1) {
    const booked = await call(base, '/api/appointments', {
      method: 'POST',
      token: owner.token,
      body: {
        service_id: service?.id,
        employer_id: employee?.id,
        pet_id: petId,
        appointment_date: addDays(today, days),
        appointment_time: '10:00',
      },
    });
    if (booked.status === 201) {
      appointmentId = String((booked.json.data as { id: number }).id);
      break;
    }
  }
  const [petRow] = await db.select({ id: pets.id }).from(pets).where(eq(pets.id, petId));
  if (!petRow || vaccine.status !== 201 || added.status !== 200) throw new Error('owner fixtures failed');
  return {
    user: String(owner.id),
    pet: String(petId),
    vaccine: String((vaccine.json.data as { id: number }).id),
    address: String(addressId),
    appointment: appointmentId,
    order: String(order.orderId),
    payment: String(order.paymentId),
    cart: String((added.json.data as { cart: { id: number } }).cart.id),
    txid: payment?.txid ?? 'semtxid',
  };
}

/** Which of the owner's ids a path parameter names; undefined for shop-wide things (products, services…). */
function ownedParam(path: string, param: string): keyof OwnedIds | undefined {
  if (param === 'vaccineId') return 'vaccine';
  if (param === 'paymentId') return 'payment';
  if (param === 'cartId') return 'cart';
  if (param === 'txid' && path.startsWith('/api/sandbox/pix/{txid}')) return 'txid';
  if (param !== 'id') return undefined;
  if (path.startsWith('/api/user/')) return 'user';
  if (path.startsWith('/api/pets/')) return 'pet';
  if (path.startsWith('/api/addresses/')) return 'address';
  if (path.startsWith('/api/appointments/')) return 'appointment';
  if (path.startsWith('/api/orders/cancel/')) return 'order';
  return undefined;
}

const NUL = 'a\u0000b';
const CONTROL = 'a\u0007\u001b\u007fb';
const HUGE = 'x'.repeat(50_000);
/** What an id in a path may be sent as, already encoded for the URL. */
const HOSTILE_PATH = [
  '0',
  '-1',
  '99999999999999999999',
  '1%0A',
  '0x1F',
  '%00',
  '%201',
  '1.5',
  'abc',
  '1e3',
  "1'%20or%20'1'%3D'1",
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  'a'.repeat(3000),
];
const HOSTILE_QUERY = ['%00', 'a%1Fb', 'a'.repeat(5000), '-1', '1%0A', '0x1F', 'abc', '1e400', '%E0%A4%A'];
const WRONG_TYPES: unknown[] = [12345, 'abc', [], {}, null, true];
const HOSTILE_NUMBERS: unknown[] = [-1, 0, 1e20, 1.5, '1%0A', '0x1F', '1\n'];

const types = (schema: JsonSchema | undefined) =>
  [schema?.type, ...(schema?.anyOf ?? []).map((s) => s.type), ...(schema?.oneOf ?? []).map((s) => s.type)]
    .flat()
    .filter(Boolean);

/** A plausible value for a schema: the base each hostile variant changes one field of. */
export function sample(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return 'texto';
  if (schema.enum?.length) return schema.enum[0];
  const first = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (first && !schema.type) return sample(first, name);
  const type = types(schema)[0];
  if (type === 'object') {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value, key)]));
  }
  if (type === 'array') return [sample(schema.items, name)];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return true;
  if (/email/i.test(name)) return 'fuzz@exemplo.com.br';
  if (/date|On$/i.test(name) || schema.format === 'date') return addDays(businessMoment().date, 3);
  if (/time/i.test(name)) return '10:00';
  if (/cep/i.test(name)) return '01310100';
  if (/phone/i.test(name)) return '11987654321';
  if (/password/i.test(name)) return 'senha-segura-123';
  return 'texto';
}

/** Each string and number field of the body, one level deep, replaced by each hostile value. */
function bodyVariants(schema: JsonSchema): { label: string; body: string }[] {
  const base = sample(schema) as Record<string, unknown>;
  const variants: { label: string; body: string }[] = [];
  const fields = Object.entries(schema.properties ?? {});
  for (const [key, field] of fields) {
    const kinds = types(field);
    const values = kinds.includes('string')
      ? [NUL, CONTROL, HUGE, ...WRONG_TYPES]
      : kinds.includes('integer') || kinds.includes('number')
        ? [...HOSTILE_NUMBERS, ...WRONG_TYPES]
        : WRONG_TYPES;
    for (const value of values) {
      const label = `body.${key} = ${JSON.stringify(value)?.slice(0, 20)}`;
      variants.push({ label, body: JSON.stringify({ ...base, [key]: value }) });
    }
    if (types(field).includes('object') && field.properties) {
      for (const [inner, innerSchema] of Object.entries(field.properties)) {
        if (!types(innerSchema).includes('string')) continue;
        const nested = { ...(base[key] as Record<string, unknown>), [inner]: NUL };
        variants.push({ label: `body.${key}.${inner} = NUL`, body: JSON.stringify({ ...base, [key]: nested }) });
      }
    }
  }
  return [
    ...variants,
    { label: 'malformed JSON', body: '{"a":' },
    { label: 'an array', body: '[]' },
    { label: 'a string', body: '"texto"' },
    { label: 'null', body: 'null' },
    { label: 'empty object', body: '{}' },
    { label: '__proto__', body: JSON.stringify({ ...base, __proto__: { role: 'admin' }, role: 'admin', id: 1 }) },
    { label: 'over the body limit', body: JSON.stringify({ ...base, extra: 'x'.repeat(150_000) }) },
  ];
}

/** Every hostile request for one operation. `token`: the one its hostile input is sent with. */
export function hostileCases(op: Operation, token: string, tokens: { other: string }, ids: OwnedIds): FuzzCase[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const schema = op.requestBody?.content['application/json']?.schema;
  const secured = Boolean(op.security?.length);
  const auth = (value: string | undefined): Record<string, string> =>
    value ? { authorization: `Bearer ${value}` } : {};
  const json = { 'content-type': 'application/json' };
  const baseBody = schema ? JSON.stringify(sample(schema)) : undefined;
  // Ids nobody owns: hostile input is refused before anything is looked up or changed.
  const pathWith = (values: Record<string, string>) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '999999');
  const plainPath = pathWith({});
  const cases: FuzzCase[] = [];
  const add = (label: string, path: string, headers: Record<string, string>, body = baseBody) =>
    cases.push({
      method: op.method,
      path,
      label,
      headers: body === undefined ? headers : { ...json, ...headers },
      body,
    });

  for (const param of pathParams) {
    for (const value of HOSTILE_PATH)
      add(`path.${param.name} = ${value.slice(0, 20)}`, pathWith({ [param.name]: value }), auth(token));
  }
  for (const param of queryParams) {
    for (const value of HOSTILE_QUERY) {
      add(`query.${param.name} = ${value.slice(0, 20)}`, `${plainPath}?${param.name}=${value}`, auth(token));
    }
    add(`query.${param.name} twice`, `${plainPath}?${param.name}=1&${param.name}=2`, auth(token));
  }
  if (schema) for (const v of bodyVariants(schema)) add(v.label, plainPath, auth(token), v.body);
  if (op.requestBody && !schema) add('not JSON', plainPath, { ...auth(token), 'content-type': 'text/plain' }, 'texto');
  if (params.some((p) => p.in === 'header' && p.name === 'idempotency-key')) {
    add('idempotency-key huge', plainPath, { ...auth(token), 'idempotency-key': 'x'.repeat(2000) });
    add('idempotency-key with spaces', plainPath, { ...auth(token), 'idempotency-key': 'chave com espaço' });
  }
  if (secured) {
    add('no token', plainPath, {});
    add('a forged token', plainPath, auth('eyJhbGciOiJub25lIn0.eyJzdWIiOjEsInJvbGUiOiJhZG1pbiJ9.'));
    add('a malformed token', plainPath, auth('abc'));
  }
  // Another customer's token on the owner's own things, with a valid body: never a 2xx.
  const owned = Object.fromEntries(
    pathParams.flatMap((p) => {
      const kind = ownedParam(op.path, p.name);
      return kind ? [[p.name, ids[kind]]] : [];
    }),
  );
  if (secured && Object.keys(owned).length > 0) add("another customer's token", pathWith(owned), auth(tokens.other));
  return cases;
}
