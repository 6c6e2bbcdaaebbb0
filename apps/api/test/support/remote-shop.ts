import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { foldText } from '@petshop/domain';
import type { Db } from '../../src/db/client';
import { addresses, categories, products, species } from '../../src/db/schema';
import { initialStock } from '../../src/modules/inventory/inventory.service';
import { call } from './api-process';
import { withCard } from './card-token';
import { SAO_PAULO } from './checkout';

/**
 * A customer's way through an API that runs in another process: accounts through HTTP, fixtures
 * (products, addresses) straight into its database.
 */
export interface RemoteCustomer {
  id: number;
  email: string;
  token: string;
}

let seq = 0;

export async function signUp(base: string, tag = 'c'): Promise<RemoteCustomer> {
  seq += 1;
  const account = {
    name: `Cliente ${tag} ${seq}`,
    email: `${tag}.${seq}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
    password: 'senha-segura-123',
    cpf: generateCpf(),
    phone: '11987654321',
  };
  const created = await call(base, '/api/user', { method: 'POST', body: account });
  if (created.status !== 201) throw new Error(`sign-up failed: ${created.status} ${created.text}`);
  const login = await call(base, '/api/auth/login', {
    method: 'POST',
    body: { email: account.email, password: account.password },
  });
  if (login.status !== 201) throw new Error(`login failed: ${login.status} ${login.text}`);
  const { user, token } = login.json.data as { user: { id: number }; token: string };
  return { id: user.id, email: account.email, token };
}

export async function insertProduct(db: Db, name: string, stock: number, priceCents = 1990) {
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  const [kind] = await db.select({ id: species.id }).from(species).limit(1);
  if (!category || !kind) throw new Error('reference data missing');
  const [row] = await db
    .insert(products)
    .values({
      name,
      nameSearch: foldText(name),
      priceCents,
      categoryId: category.id,
      speciesId: kind.id,
      url: '/p.svg',
    })
    .returning({ id: products.id });
  if (!row) throw new Error('insert failed');
  await initialStock(db, row.id, stock);
  return row.id;
}

export async function insertAddress(db: Db, userId: number) {
  const [row] = await db
    .insert(addresses)
    .values({
      userId,
      street: 'Avenida Paulista',
      number: '100',
      district: 'Bela Vista',
      cep: '01310100',
      ...SAO_PAULO,
    })
    .returning({ id: addresses.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** Cart with `quantity` of `productId`, then `POST /payments/pay`: answers the raw response. */
export async function checkout(
  base: string,
  customer: RemoteCustomer,
  addressId: number,
  lines: [productId: number, quantity: number][],
  paymentMethod = 'Pix',
) {
  let cartId = 0;
  for (const [productId, quantity] of lines) {
    const added = await call(base, '/api/carts/add', {
      method: 'POST',
      token: customer.token,
      body: { productId, quantity },
    });
    if (added.status !== 200) return added;
    cartId = (added.json.data as { cart: { id: number } }).cart.id;
  }
  return call(base, '/api/payments/pay', {
    method: 'POST',
    token: customer.token,
    body: await withCard(base, { cartId, addressId, paymentMethod }),
  });
}

export interface PixOrder {
  orderId: number;
  paymentId: number;
  expiresAt: Date;
}

/** A Pix order of `quantity` units; throws unless it is created. */
export async function pixOrder(
  base: string,
  customer: RemoteCustomer,
  addressId: number,
  productId: number,
  quantity = 1,
): Promise<PixOrder> {
  const res = await checkout(base, customer, addressId, [[productId, quantity]]);
  if (res.status !== 201) throw new Error(`Pix checkout failed: ${res.status} ${res.text}`);
  const data = res.json.data as { payment: { id: number; expiresAt: string }; order: { id: number } };
  return { orderId: data.order.id, paymentId: data.payment.id, expiresAt: new Date(data.payment.expiresAt) };
}
