// What the JavaScript budget (apps/web/e2e/budget.e2e.ts) and `npm run measure` open as a customer:
// apps/web/customer-pages.json lists the pages; some need a shop with something in it (an order, a pet,
// a package and a plan on sale) and some are measured after a few taps (the card form on /payments).
// Both runners build that shop here and play the same taps, so they measure the same thing.

const json = async (base, path, { method = 'GET', token, body } = {}) => {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${payload.message ?? ''}`);
  return payload.data;
};

/** A valid CPF nobody has yet (its two check digits computed), so a rerun registers a new customer. */
function newCpf() {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits.reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}

/**
 * A new customer with a pet, a Pix order waiting for the bank and one product in the cart, and a
 * package and a plan on sale for the pet's size. `values` fills the placeholders of the page list.
 */
export async function customerShop(base, admin) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account = {
    email: `orcamento.${suffix}@exemplo.com.br`,
    password: 'senha-segura-123',
    cpf: newCpf(),
    name: 'Cliente Orçamento',
    phone: '11987654321',
  };
  const { token: adminToken } = await json(base, '/auth/login', { method: 'POST', body: admin });
  const services = await json(base, '/services?limit=200');
  const service = services.find((s) => s.name === 'Banho') ?? services[0];
  const packageName = `Pacote orçamento ${suffix}`;
  const planName = `Plano orçamento ${suffix}`;
  await json(base, '/packages', {
    method: 'POST',
    token: adminToken,
    body: { name: packageName, serviceId: service.id, size: 'Médio', credits: 4, validityDays: 45, price: 300 },
  });
  await json(base, '/plans', {
    method: 'POST',
    token: adminToken,
    body: { name: planName, serviceId: service.id, size: 'Médio', frequency: 'SEMANAL', price: 80 },
  });

  await json(base, '/user', { method: 'POST', body: account });
  const session = await json(base, '/auth/login', {
    method: 'POST',
    body: { email: account.email, password: account.password },
  });
  const { token } = session;
  const petName = 'Pipoca';
  const pet = await json(base, '/pets', {
    method: 'POST',
    token,
    body: { name: petName, age: 3, specie: 'Cachorro', size: 'Médio' },
  });
  const address = await json(base, '/addresses', {
    method: 'POST',
    token,
    body: {
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'Sala 5',
      district: 'Bela Vista',
      cep: '01310200',
      state_id: 35,
      city_id: 3550308,
    },
  });
  const [product] = await json(base, '/products?limit=1');
  const { cart } = await json(base, '/carts/add', {
    method: 'POST',
    token,
    body: { productId: product.id, quantity: 1 },
  });
  const paid = await json(base, '/payments/pay', {
    method: 'POST',
    token,
    body: { cartId: cart.id, addressId: address.id, paymentMethod: 'Pix' },
  });
  // /cart and /payments are measured with something in the cart, as a customer sees them.
  await json(base, '/carts/add', { method: 'POST', token, body: { productId: product.id, quantity: 1 } });
  return {
    session,
    values: { order: String(paid.order.id), pet: String(pet.id), petName, packageName, planName },
  };
}

/** '/orders/{order}' → '/orders/42'. */
export const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, key) => values[key] ?? whole);

/**
 * Plays a page's taps: ["click", button, within?], ["select", label, option, within?],
 * ["see", label, within?]; `within` is the text of the list item to act in (one package among many).
 */
export async function playSteps(page, steps, values) {
  for (const [verb, ...raw] of steps ?? []) {
    const args = raw.map((arg) => fill(arg, values));
    const scope = (within) => (within ? page.getByRole('listitem').filter({ hasText: within }) : page);
    if (verb === 'click') {
      await scope(args[1]).getByRole('button', { name: args[0], exact: true }).first().click();
    } else if (verb === 'select') {
      const select = scope(args[2]).getByLabel(args[0], { exact: true }).first();
      await select.locator('option', { hasText: args[1] }).first().waitFor({ state: 'attached' });
      await select.selectOption({ label: args[1] });
    } else if (verb === 'see') {
      await scope(args[1]).getByLabel(args[0], { exact: true }).first().waitFor();
    } else {
      throw new Error(`unknown step ${verb}`);
    }
  }
}
