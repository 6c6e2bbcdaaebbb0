import { foldText } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { addresses, products } from '../../src/db/schema';
import { initialStock } from '../../src/modules/inventory/inventory.service';
import type { LoggedIn, TestContext } from '../helper';
import { withCard } from './card-token';

/** São Paulo (SP), IBGE codes; loaded with the reference data. */
export const SAO_PAULO = { stateId: 35, cityId: 3550308 };

/** Fixtures for payment and order tests: products and addresses go straight into the database. */
export function checkoutFixtures(t: TestContext) {
  let refs: { categoryId: number; speciesId: number } | undefined;
  const catalogRefs = async () => {
    refs ??= {
      categoryId: (await t.app.inject({ url: '/api/categories' })).json().data[0].id,
      speciesId: (await t.app.inject({ url: '/api/species' })).json().data[0].id,
    };
    return refs;
  };

  const f = {
    async product(name: string, stock = 50, priceCents = 1990) {
      const { categoryId, speciesId } = await catalogRefs();
      const [row] = await t.db
        .insert(products)
        .values({ name, nameSearch: foldText(name), priceCents, categoryId, speciesId, url: '/p.svg' })
        .returning({ id: products.id });
      if (!row) throw new Error('insert failed');
      await initialStock(t.db, row.id, stock);
      return row.id;
    },
    async stockOf(productId: number) {
      const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
      return row?.stock;
    },
    async address(user: LoggedIn, number = '100', complement = 'Apto 12') {
      const [row] = await t.db
        .insert(addresses)
        .values({
          userId: user.user.id,
          street: 'Avenida Paulista',
          number,
          complement,
          district: 'Bela Vista',
          cep: '01310100',
          ...SAO_PAULO,
        })
        .returning({ id: addresses.id });
      if (!row) throw new Error('insert failed');
      return row.id;
    },
    async add(user: LoggedIn, productId: number, quantity: number) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/carts/add',
        headers: user.auth,
        payload: { productId, quantity },
      });
      if (res.statusCode !== 200) throw new Error(`add failed: ${res.body}`);
      return res.json().data.cart.id as number;
    },
    async cartLines(user: LoggedIn) {
      const res = await t.app.inject({ url: '/api/carts', headers: user.auth });
      return (res.json().data.items as { productId: number; quantity: number }[]).map((i) => [i.productId, i.quantity]);
    },
    /** A card method without `card` gets an approving test card, tokenized as the browser would. */
    async pay(user: LoggedIn, payload: object, key?: string) {
      return t.app.inject({
        method: 'POST',
        url: '/api/payments/pay',
        headers: key ? { ...user.auth, 'idempotency-key': key } : user.auth,
        payload: await withCard(t.baseUrl, payload),
      });
    },
    /** A customer with an address and a paid order of `quantity` units of a new product. */
    async paidOrder(
      user: LoggedIn,
      {
        quantity = 2,
        stock = 10,
        priceCents = 2500,
        method = 'Cartão de Crédito',
        deliveryMethod = 'Entrega' as 'Entrega' | 'Retirada na loja',
      } = {},
    ) {
      const productId = await f.product(`Produto ${Math.random().toString(36).slice(2, 8)}`, stock, priceCents);
      const addressId = deliveryMethod === 'Entrega' ? await f.address(user) : undefined;
      const cartId = await f.add(user, productId, quantity);
      const res = await f.pay(user, { cartId, addressId, paymentMethod: method, deliveryMethod });
      if (res.statusCode !== 201) throw new Error(`pay failed: ${res.body}`);
      const data = res.json().data as { payment: { id: number }; order: { id: number } };
      return { productId, paymentId: data.payment.id, orderId: data.order.id };
    },
  };
  return f;
}
