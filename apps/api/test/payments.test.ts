import { getBoletoInfo, isValidBoleto, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { PAYMENT_MISSING_MESSAGE } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, payments, products } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';
import { setStock } from './support/stock';

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
});
afterAll(() => t.close());

const paymentsOf = (user: LoggedIn) => t.db.select().from(payments).where(eq(payments.userId, user.user.id));
const ordersOf = (user: LoggedIn) => t.db.select().from(orders).where(eq(orders.userId, user.user.id));

/** A customer with an address and `lines` in the cart. */
async function shopper(lines: [productId: number, quantity: number][]) {
  const user = await t.customer();
  const addressId = await f.address(user);
  let cartId = 0;
  for (const [productId, quantity] of lines) cartId = await f.add(user, productId, quantity);
  return { user, addressId, cartId };
}

describe('authentication', () => {
  it.each([
    ['GET', '/api/payments/1'],
    ['POST', '/api/payments/pay'],
  ] as const)('%s %s needs a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /payments/:cartId', () => {
  it('summarises the own cart at current prices', async () => {
    const a = await f.product('Ração Premium', 20, 12990);
    const b = await f.product('Petisco', 20, 350);
    const { user, cartId } = await shopper([
      [a, 2],
      [b, 3],
    ]);
    const res = await t.app.inject({ url: `/api/payments/${cartId}`, headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        summary: {
          items: [
            { productName: 'Ração Premium', quantity: 2, price: 129.9, totalItemValue: 259.8 },
            { productName: 'Petisco', quantity: 3, price: 3.5, totalItemValue: 10.5 },
          ],
          totalItems: 5,
          totalValue: 270.3,
        },
      },
    });
  });

  it("answers 404 for someone else's cart and for a missing one", async () => {
    const { cartId } = await shopper([[await f.product('Coleira'), 1]]);
    const other = await t.customer();
    expect((await t.app.inject({ url: `/api/payments/${cartId}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/payments/999999', headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/payments/abc', headers: other.auth })).statusCode).toBe(400);
  });
});

describe('POST /payments/pay', () => {
  it('takes stock, records payment and order with snapshots, empties the cart', async () => {
    const a = await f.product('Cama Grande', 5, 19990);
    const b = await f.product('Bolinha', 9, 1250);
    const { user, addressId, cartId } = await shopper([
      [a, 1],
      [b, 2],
    ]);
    const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Cartão de Crédito' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Pagamento realizado com sucesso!',
      data: {
        payment: {
          id: expect.any(Number),
          paymentMethod: 'Cartão de Crédito',
          totalValue: 224.9,
          status: 'Aprovado',
          // The PSP's payment and what the order keeps of the card: brand, last four digits, installments.
          pspPaymentId: expect.stringMatching(/^\d+$/),
          installments: 1,
          cardBrand: 'master',
          cardLastFour: '6351',
        },
        order: { id: expect.any(Number), status: 'Processando' },
      },
    });
    expect(await f.stockOf(a)).toBe(4);
    expect(await f.stockOf(b)).toBe(7);
    expect(await f.cartLines(user)).toEqual([]);
    const [order] = await ordersOf(user);
    expect(order).toMatchObject({
      id: body.data.order.id,
      paymentId: body.data.payment.id,
      totalCents: 22490,
      deliveryMethod: 'Entrega',
      shippingCents: 0,
      addressStreet: 'Avenida Paulista',
      addressNumber: '100',
      addressDistrict: 'Bela Vista',
      addressComplement: 'Apto 12',
      addressCity: 'São Paulo',
      addressState: 'SP',
      addressCep: '01310100',
    });
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, body.data.order.id));
    expect(items.map((i) => [i.productName, i.unitPriceCents, i.quantity])).toEqual([
      ['Cama Grande', 19990, 1],
      ['Bolinha', 1250, 2],
    ]);
  });

  it('approves a debit card at once', async () => {
    const { user, addressId, cartId } = await shopper([[await f.product('Escova'), 1]]);
    const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Cartão de Débito' });
    expect(res.json().data.payment.status).toBe('Aprovado');
  });

  it('answers a Pix BR Code for the exact amount whose CRC16 checks, pending', async () => {
    const { user, addressId, cartId } = await shopper([[await f.product('Shampoo', 10, 4590), 2]]);
    const before = Date.now();
    const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Pix' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Pedido criado! Ele aguarda o pagamento do Pix para ser processado.');
    const { payment, order } = res.json().data;
    expect(order.status).toBe('Aguardando pagamento');
    expect(payment.status).toBe('Pendente');
    expect(payment.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(payment.pixQrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(payment.pixQrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    const expiresIn = new Date(payment.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThan(1790_000);
    expect(expiresIn).toBeLessThan(1810_000);
    // R$ 91,80 of products plus R$ 15,90 to SP: the charge is for the whole order.
    expect(payment.totalValue).toBe(107.7);
    expect(isValidPixPayload(payment.pixCode)).toBe(true);
    expect(payment.pixCode).toContain('5406107.70');
    const broken = `${payment.pixCode.slice(0, -1)}${payment.pixCode.endsWith('0') ? '1' : '0'}`;
    expect(isValidPixPayload(broken)).toBe(false);
  });

  it('answers a valid 47-digit boleto line for the amount, pending', async () => {
    const { user, addressId, cartId } = await shopper([[await f.product('Aquário', 3, 35000), 1]]);
    const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Boleto' });
    expect(res.json().message).toBe('Pedido criado! Ele aguarda o pagamento do boleto para ser processado.');
    const { payment, order } = res.json().data;
    expect(order.status).toBe('Aguardando pagamento');
    expect(payment.status).toBe('Pendente');
    expect(payment.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Payable through the day after the due date.
    expect(new Date(payment.expiresAt).getTime()).toBeGreaterThan(
      new Date(`${payment.dueDate}T23:59:59-03:00`).getTime(),
    );
    expect(payment.boletoCode).toMatch(/^\d{47}$/);
    expect(isValidBoleto(payment.boletoCode)).toBe(true);
    expect(getBoletoInfo(payment.boletoCode)?.amount).toBe(35000);
  });

  it('charges the price in the database when an admin changed it after the add', async () => {
    const id = await f.product('Arranhador', 10, 10000);
    const { user, addressId, cartId } = await shopper([[id, 2]]);
    const admin = await t.admin();
    const [current] = await t.db.select().from(products).where(eq(products.id, id));
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.auth,
      payload: {
        name: current?.name,
        description: '',
        price: 150.5,
        stock: 10,
        category_id: current?.categoryId,
        species_id: current?.speciesId,
        url: '/p.svg',
      },
    });
    expect(edit.statusCode).toBe(200);
    const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Pix', totalValue: 1, price: 0.01 });
    expect(res.json().data.payment.totalValue).toBe(301);
    const [order] = await ordersOf(user);
    expect(order?.totalCents).toBe(30100);
  });

  it.each([
    [{}, PAYMENT_MISSING_MESSAGE],
    [{ cartId: 1, paymentMethod: 'Pix' }, PAYMENT_MISSING_MESSAGE],
    [{ cartId: 1, addressId: 1 }, PAYMENT_MISSING_MESSAGE],
    [{ cartId: 1, addressId: 1, paymentMethod: '' }, PAYMENT_MISSING_MESSAGE],
    [{ addressId: 1, paymentMethod: 'Pix' }, PAYMENT_MISSING_MESSAGE],
    [{ cartId: 1, addressId: 1, paymentMethod: 'Cheque' }, 'Método de pagamento inválido.'],
  ])('400 for %j, changing nothing', async (payload, message) => {
    const id = await f.product('Comedouro', 5);
    const { user } = await shopper([[id, 1]]);
    const res = await f.pay(user, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().details[0].field).toEqual(expect.any(String));
    expect(await f.stockOf(id)).toBe(5);
    expect(await f.cartLines(user)).toEqual([[id, 1]]);
  });

  it("answers 404 for someone else's cart or address and changes nothing", async () => {
    const id = await f.product('Guia', 5);
    const owner = await shopper([[id, 1]]);
    const intruder = await shopper([[id, 1]]);
    const theirCart = await f.pay(intruder.user, {
      cartId: owner.cartId,
      addressId: intruder.addressId,
      paymentMethod: 'Pix',
    });
    expect(theirCart.statusCode).toBe(404);
    const theirAddress = await f.pay(intruder.user, {
      cartId: intruder.cartId,
      addressId: owner.addressId,
      paymentMethod: 'Pix',
    });
    expect(theirAddress.statusCode).toBe(404);
    expect(await f.stockOf(id)).toBe(5);
    expect(await f.cartLines(owner.user)).toEqual([[id, 1]]);
    expect(await f.cartLines(intruder.user)).toEqual([[id, 1]]);
    expect(await paymentsOf(intruder.user)).toEqual([]);
  });

  it('refuses an empty cart with 400', async () => {
    const { user, addressId, cartId } = await shopper([[await f.product('Tapete'), 1]]);
    await t.app.inject({ method: 'DELETE', url: '/api/carts/clear', headers: user.auth });
    const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Pix' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('EMPTY_CART');
    expect(await paymentsOf(user)).toEqual([]);
  });

  it('answers 409 naming the product on any shortfall and changes nothing', async () => {
    const plenty = await f.product('Areia', 10);
    const scarce = await f.product('Brinquedo Raro', 10);
    const { user, addressId, cartId } = await shopper([
      [plenty, 3],
      [scarce, 2],
    ]);
    await setStock(t.db, scarce, 1);
    const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Cartão de Crédito' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Estoque insuficiente para "Brinquedo Raro".', code: 'OUT_OF_STOCK' });
    expect(await f.stockOf(plenty)).toBe(10);
    expect(await f.stockOf(scarce)).toBe(1);
    expect(await f.cartLines(user)).toEqual([
      [plenty, 3],
      [scarce, 2],
    ]);
    expect(await paymentsOf(user)).toEqual([]);
    expect(await ordersOf(user)).toEqual([]);
  });

  it('answers 409 for a product archived after the add', async () => {
    const id = await f.product('Produto Antigo', 10);
    const { user, addressId, cartId } = await shopper([[id, 1]]);
    await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, id));
    const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Pix' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Estoque insuficiente para "Produto Antigo".');
    expect(await f.stockOf(id)).toBe(10);
  });

  it('sells the last unit once when two customers pay at the same time', async () => {
    const id = await f.product('Última Unidade', 1);
    const first = await shopper([[id, 1]]);
    const second = await shopper([[id, 1]]);
    const answers = await Promise.all(
      [first, second].map((s) =>
        f.pay(s.user, { cartId: s.cartId, addressId: s.addressId, paymentMethod: 'Cartão de Crédito' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = answers[0]?.statusCode === 409 ? first : second;
    const lost = answers.find((r) => r.statusCode === 409);
    expect(lost?.json().message).toBe('Estoque insuficiente para "Última Unidade".');
    expect(await f.stockOf(id)).toBe(0);
    expect(await f.cartLines(loser.user)).toEqual([[id, 1]]);
    expect(await ordersOf(loser.user)).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer and charges once', async () => {
    const id = await f.product('Caixa de Transporte', 10, 8990);
    const { user, addressId, cartId } = await shopper([[id, 2]]);
    const payload = { cartId, addressId, paymentMethod: 'Pix' };
    const first = await f.pay(user, payload, 'chave-123');
    const again = await f.pay(user, payload, 'chave-123');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await f.stockOf(id)).toBe(8);
    expect(await paymentsOf(user)).toHaveLength(1);
  });

  it('refuses the same key for another payment method', async () => {
    const { user, addressId, cartId } = await shopper([[await f.product('Bebedouro'), 1]]);
    expect((await f.pay(user, { cartId, addressId, paymentMethod: 'Pix' }, 'k-1')).statusCode).toBe(201);
    const other = await f.pay(user, { cartId, addressId, paymentMethod: 'Boleto' }, 'k-1');
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses the same key with another body of the same method, and changes nothing', async () => {
    const id = await f.product('Comedouro', 10);
    const { user, addressId, cartId } = await shopper([[id, 1]]);
    const first = await f.pay(user, { cartId, addressId, paymentMethod: 'Pix' }, 'k-2');
    expect(first.statusCode).toBe(201);
    const pickup = await f.pay(user, { cartId, paymentMethod: 'Pix', deliveryMethod: 'Retirada na loja' }, 'k-2');
    expect(pickup.statusCode).toBe(409);
    expect(pickup.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringMatching(/outros dados/),
    });
    expect(await paymentsOf(user)).toHaveLength(1);
    expect(await f.stockOf(id)).toBe(9);
  });

  it('keeps keys per user', async () => {
    const id = await f.product('Peitoral', 10);
    const a = await shopper([[id, 1]]);
    const b = await shopper([[id, 1]]);
    const key = 'mesma-chave';
    expect(
      (await f.pay(a.user, { cartId: a.cartId, addressId: a.addressId, paymentMethod: 'Pix' }, key)).statusCode,
    ).toBe(201);
    expect(
      (await f.pay(b.user, { cartId: b.cartId, addressId: b.addressId, paymentMethod: 'Pix' }, key)).statusCode,
    ).toBe(201);
    expect(await f.stockOf(id)).toBe(8);
  });

  it('rejects a malformed key', async () => {
    const { user, addressId, cartId } = await shopper([[await f.product('Manta'), 1]]);
    const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Pix' }, 'chave com espaço');
    expect(res.statusCode).toBe(400);
  });

  it('pays once when the same key arrives three times in parallel', async () => {
    const id = await f.product('Fonte de Água', 10, 15990);
    const { user, addressId, cartId } = await shopper([[id, 3]]);
    const payload = { cartId, addressId, paymentMethod: 'Cartão de Crédito' };
    const answers = await Promise.all([1, 2, 3].map(() => f.pay(user, payload, 'paralela-1')));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const bodies = answers.map((r) => r.json());
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(await paymentsOf(user)).toHaveLength(1);
    expect(await ordersOf(user)).toHaveLength(1);
    expect(await f.stockOf(id)).toBe(7);
  });
});
