// The counter under load: 10 tills (10 receptionists, each with an open cash session in the main
// store) scan one product and take cash, over and over; first alone, then while the web checkout
// bench (bench-checkout.mjs, 20 customers paying by Pix) runs in the same process, on the same API.
// Afterwards the books must balance: every unit that left a counter product's shelf is in a sale the
// API answered 201, and the stock ledger check finds nothing.
import { randomUUID } from 'node:crypto';
import { benchCheckout } from './bench-checkout.mjs';
import { ADMIN, call, percentile, request, requireApi } from './bench-support.mjs';

const pg = requireApi('pg');
const { generateCpf } = requireApi('@brazilian-utils/brazilian-utils');

const TILLS = 10;
const PRODUCTS = 4;
const STOCK = 1_000_000;

/** A receptionist of the main store, logged in: a customer account the admin gives the role. */
async function receptionist(base, admin, storeId, i) {
  const account = {
    name: `Caixa Carga ${i}`,
    email: `caixa.${Date.now()}.${i}@exemplo.com.br`,
    password: 'senha-de-carga-123',
    cpf: generateCpf(),
    phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  };
  await request(base, '/api/user', { method: 'POST', body: account });
  const login = () =>
    request(base, '/api/auth/login', { method: 'POST', body: { email: account.email, password: account.password } });
  const { data } = await login();
  await request(base, `/api/user/${data.user.id}/role`, {
    method: 'PUT',
    token: admin,
    body: { role: 'reception', storeIds: [storeId] },
  });
  // A role change ends the sessions the user had: sign in again.
  return (await login()).data.token;
}

async function setUp(base) {
  const admin = (await request(base, '/api/auth/login', { method: 'POST', body: ADMIN })).data.token;
  const storeId = Math.min(...(await request(base, '/api/stores')).data.map((s) => s.id));
  const [category] = (await request(base, '/api/categories')).data;
  const [species] = (await request(base, '/api/species')).data;
  const products = [];
  for (let i = 0; i < PRODUCTS; i += 1) {
    const created = await request(base, '/api/products', {
      method: 'POST',
      token: admin,
      body: {
        name: `Produto Balcão Carga ${i} ${Date.now()}`,
        price: 9.9 + i,
        stock: STOCK,
        category_id: category.id,
        species_id: species.id,
        url: '',
      },
    });
    products.push({ id: created.data.id, price: created.data.price });
  }
  const tills = [];
  for (let i = 0; i < TILLS; i += 1) {
    const token = await receptionist(base, admin, storeId, i);
    const session = await request(base, '/api/pos/sessions', {
      method: 'POST',
      token,
      body: { storeId, openingCash: 100 },
    });
    tills.push({ token, sessionId: session.data.id });
  }
  return { admin, products, tills };
}

/** The tills sell for `seconds`: one product, paid in cash with R$ 50,00 handed over. */
async function sell(base, { products, tills }, seconds) {
  const latencies = [];
  const statuses = {};
  const sold = new Map(products.map((p) => [p.id, 0]));
  const deadline = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    tills.map(async (till) => {
      while (Date.now() < deadline) {
        const product = products[Math.floor(Math.random() * products.length)];
        const t0 = performance.now();
        const res = await call(base, '/api/pos/sales', {
          method: 'POST',
          token: till.token,
          headers: { 'idempotency-key': randomUUID() },
          body: {
            sessionId: till.sessionId,
            items: [{ productId: product.id, quantity: 1 }],
            payments: [{ method: 'Dinheiro', amount: product.price, received: 50 }],
          },
        });
        latencies.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status === 201) sold.set(product.id, sold.get(product.id) + 1);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    sold,
    rps: Math.round((statuses[201] ?? 0) / elapsed),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    statuses: Object.entries(statuses)
      .map(([status, n]) => `${status}×${n}`)
      .join(' '),
  };
}

/**
 * Two rows: the tills alone, then the tills while the web checkout (Pix) runs for the same seconds.
 * The books: each counter product's stock plus its units sold equals the start; on PostgreSQL the
 * ledger check (`stock_ledger_problems()`) finds nothing.
 */
export async function benchCounter({ base, seconds, pgUrl }) {
  const setup = await setUp(base);
  const alone = await sell(base, setup, seconds);
  // The tills start when the checkout's customers start paying (their sign-ups come first).
  let loadStarted = () => {};
  const started = new Promise((resolve) => {
    loadStarted = resolve;
  });
  const checkoutRun = benchCheckout({ base, seconds, method: 'Pix', pgUrl, onLoad: () => loadStarted() });
  await Promise.race([started, checkoutRun]);
  const together = await sell(base, setup, seconds);
  const checkout = await checkoutRun;
  const problems = [];
  for (const { id } of setup.products) {
    const { data } = await request(base, `/api/products/${id}`);
    const sold = alone.sold.get(id) + together.sold.get(id);
    if (data.stock + sold !== STOCK)
      problems.push(`produto ${id}: estoque ${data.stock} + vendidos ${sold} ≠ ${STOCK}`);
  }
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select count(*)::int as n from stock_ledger_problems()');
      if (rows[0].n) problems.push(`SQL: ${rows[0].n} divergências no razão de estoque`);
    } finally {
      await client.end();
    }
  }
  return { alone, together, checkout, invariants: problems.length ? problems.join('; ') : 'ok' };
}
