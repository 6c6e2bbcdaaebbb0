import { loginAsAdmin, api as ok } from './api';
import { approvedCard } from './card';

/** A product only this test uses, so its stock is known. */
export async function newProduct(stock: number, price = 42.5) {
  const { token } = await loginAsAdmin();
  const [category] = await ok<{ id: number }[]>('/categories');
  const [specie] = await ok<{ id: number }[]>('/species');
  return ok<{ id: number; name: string; stock: number }>('/products', {
    method: 'POST',
    token,
    body: {
      name: `Produto do pedido ${Date.now()}`,
      description: 'Criado pelo teste de pedidos.',
      price,
      stock,
      category_id: category?.id,
      species_id: specie?.id,
      url: '',
    },
  });
}

export const stockOf = async (productId: number) => (await ok<{ stock: number }>(`/products/${productId}`)).stock;

/** Avenida Paulista, São Paulo/SP (IBGE codes 35 and 3550308). */
export const newAddress = (token: string) =>
  ok<{ id: number }>('/addresses', {
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

export const addToCart = (token: string, productId: number, quantity: number) =>
  ok<{ cart: { id: number } }>('/carts/add', { method: 'POST', token, body: { productId, quantity } });

/** A paid order (credit card) of `quantity` units of a new product. */
export async function paidOrder(token: string, quantity = 2) {
  const product = await newProduct(10);
  const address = await newAddress(token);
  const { cart } = await addToCart(token, product.id, quantity);
  const paid = await ok<{ order: { id: number } }>('/payments/pay', {
    method: 'POST',
    token,
    body: { cartId: cart.id, addressId: address.id, paymentMethod: 'Cartão de Crédito', card: await approvedCard() },
  });
  return { product, orderId: paid.order.id };
}

/** An order paid with Pix that waits for the bank (the sandbox PSP has not been paid). */
export async function waitingPixOrder(token: string, quantity = 2) {
  const product = await newProduct(10);
  const address = await newAddress(token);
  const { cart } = await addToCart(token, product.id, quantity);
  const paid = await ok<{ payment: { id: number; pixCode: string }; order: { id: number; status: string } }>(
    '/payments/pay',
    { method: 'POST', token, body: { cartId: cart.id, addressId: address.id, paymentMethod: 'Pix' } },
  );
  return { product, orderId: paid.order.id, pixCode: paid.payment.pixCode };
}
