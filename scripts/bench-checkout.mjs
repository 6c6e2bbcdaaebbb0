// Checkout under load: customers add a product and pay, over and over, for a few seconds; then the books
// must balance: every unit that left stock is in an order the API confirmed, and (on PostgreSQL) every
// order has items and a payment and no payment is without its order.
import { randomUUID } from 'node:crypto';
import { ADMIN, call, percentile, request, requireApi, signUp } from './bench-support.mjs';

const pg = requireApi('pg');

const CUSTOMERS = 20;
const PRODUCTS = 4;
const STOCK = 1_000_000;

async function customer(base, i, address) {
  const token = await signUp(base, `checkout.${i}`);
  const saved = await request(base, '/api/addresses', { method: 'POST', token, body: address });
  const cart = await request(base, '/api/carts', { token });
  return { token, addressId: saved.data.id, cartId: cart.data.cart.id };
}

async function setUp(base) {
  const admin = (await request(base, '/api/auth/login', { method: 'POST', body: ADMIN })).data.token;
  const [category] = (await request(base, '/api/categories')).data;
  const [species] = (await request(base, '/api/species')).data;
  const products = [];
  for (let i = 0; i < PRODUCTS; i += 1) {
    const created = await request(base, '/api/products', {
      method: 'POST',
      token: admin,
      body: {
        name: `Produto Checkout Carga ${i} ${Date.now()}`,
        price: 19.9 + i,
        stock: STOCK,
        category_id: category.id,
        species_id: species.id,
        url: '',
      },
    });
    products.push(created.data.id);
  }
  const states = (await request(base, '/api/states')).data;
  const sp = states.find((s) => s.uf === 'SP') ?? states[0];
  const [city] = (await request(base, `/api/cities/cityToState/${sp.id}`)).data;
  const address = {
    street: 'Rua da Carga',
    number: '100',
    district: 'Centro',
    cep: '01310100',
    state_id: sp.id,
    city_id: city.id,
  };
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await customer(base, i, address));
  return { products, customers };
}

const CARD_METHODS = ['Cartão de Crédito', 'Cartão de Débito'];

/** A test card tokenized at the shop's tokenizeUrl, as the browser does; the cardholder decides the outcome. */
async function cardToken(base, holder = 'APRO', installments = 3) {
  const config = (await request(base, '/api/payments/config')).data.card;
  const url = new URL(config.tokenizeUrl, base);
  url.searchParams.set('public_key', config.publicKey);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      card_number: '5031433215406351',
      expiration_month: 11,
      expiration_year: new Date().getFullYear() + 2,
      security_code: '123',
      cardholder: { name: holder, identification: { type: 'CPF', number: '12345678909' } },
    }),
  });
  if (res.status !== 201) throw new Error(`card token: ${res.status}`);
  return { token: (await res.json()).id, installments, paymentMethodId: 'master' };
}

/**
 * Runs the load with one payment method; answers the figures and what the books say. `onLoad` is
 * called once the customers are set up, as the load starts (another load can start with it).
 */
export async function benchCheckout({ base, seconds, method, pgUrl, onLoad }) {
  const { products, customers } = await setUp(base);
  onLoad?.();
  const latencies = [];
  const statuses = {};
  const sold = new Map(products.map((id) => [id, 0]));
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    customers.map(async (c) => {
      while (Date.now() < deadline) {
        const productId = products[Math.floor(Math.random() * products.length)];
        await request(base, '/api/carts/add', { method: 'POST', token: c.token, body: { productId, quantity: 1 } });
        // A card is tokenized in the browser at the PSP (not timed: it is not the shop's work).
        const card = CARD_METHODS.includes(method) ? await cardToken(base) : undefined;
        const t0 = performance.now();
        const paid = await call(base, '/api/payments/pay', {
          method: 'POST',
          token: c.token,
          headers: { 'idempotency-key': randomUUID() },
          body: { cartId: c.cartId, addressId: c.addressId, paymentMethod: method, ...(card ? { card } : {}) },
        });
        latencies.push(performance.now() - t0);
        statuses[paid.status] = (statuses[paid.status] ?? 0) + 1;
        if (paid.status === 201) sold.set(productId, sold.get(productId) + 1);
        else await call(base, '/api/carts/clear', { method: 'DELETE', token: c.token });
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);

  const problems = [];
  for (const id of products) {
    const { data } = await request(base, `/api/products/${id}`);
    if (data.stock + sold.get(id) !== STOCK) {
      problems.push(`produto ${id}: estoque ${data.stock} + vendidos ${sold.get(id)} ≠ ${STOCK}`);
    }
  }
  if (pgUrl) problems.push(...(await booksInSql(pgUrl, products)));
  return {
    label: `POST /api/payments/pay (${method})`,
    rps: Math.round((statuses[201] ?? 0) / elapsed),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    statuses: Object.entries(statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(' '),
    invariants: problems.length ? problems.join('; ') : 'ok',
  };
}

/** The same books straight from the tables: units sold against stock, orders against payments. */
async function booksInSql(url, products) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const problems = [];
    const stock = await client.query(
      `select p.id, p.stock + coalesce(sum(oi.quantity) filter (where o.status <> 'Cancelado'), 0) as total
         from products p left join order_items oi on oi.product_id = p.id left join orders o on o.id = oi.order_id
        where p.id = any($1) group by p.id`,
      [products],
    );
    for (const row of stock.rows)
      if (Number(row.total) !== STOCK) problems.push(`SQL: produto ${row.id} soma ${row.total}`);
    const { rows } = await client.query(
      `select (select count(*) from orders o where not exists (select 1 from order_items i where i.order_id = o.id)) as without_items,
              (select count(*) from payments p where not exists (select 1 from orders o where o.payment_id = p.id)) as without_order`,
    );
    if (Number(rows[0].without_items)) problems.push(`SQL: ${rows[0].without_items} pedidos sem itens`);
    if (Number(rows[0].without_order)) problems.push(`SQL: ${rows[0].without_order} pagamentos sem pedido`);
    return problems;
  } finally {
    await client.end();
  }
}

/**
 * From the PSP's decision to the order's status: card payments the issuer challenges (3-D Secure,
 * test cardholder CHAL) are approved at the PSP one at a time; the PSP sends its signed webhook, the
 * shop reads the payment back and settles the order. Timed until `GET /orders/{paymentId}` says so.
 */
export async function benchCardWebhook({ base, samples = 20 }) {
  const { products, customers } = await setUp(base);
  const times = [];
  for (let i = 0; i < samples; i += 1) {
    const c = customers[i % customers.length];
    await request(base, '/api/carts/add', {
      method: 'POST',
      token: c.token,
      body: { productId: products[0], quantity: 1 },
    });
    const paid = await request(base, '/api/payments/pay', {
      method: 'POST',
      token: c.token,
      body: {
        cartId: c.cartId,
        addressId: c.addressId,
        paymentMethod: 'Cartão de Crédito',
        card: await cardToken(base, 'CHAL', 1),
      },
    });
    const { id: paymentId, challengeUrl, challengeCreq } = paid.data.payment;
    const t0 = performance.now();
    // The cardholder's decision, with the creq only the payer's order holds.
    const approved = await fetch(new URL(`${challengeUrl}/decision`, base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ creq: challengeCreq, decision: 'approve' }),
    });
    if (!approved.ok) throw new Error(`challenge: ${approved.status}`);
    for (;;) {
      const order = await request(base, `/api/orders/${paymentId}`, { token: c.token });
      if (order.data.status === 'Processando') break;
      if (performance.now() - t0 > 30_000) throw new Error('order not settled within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { samples, p50: Math.round(percentile(times, 50)), p99: Math.round(percentile(times, 99)) };
}
