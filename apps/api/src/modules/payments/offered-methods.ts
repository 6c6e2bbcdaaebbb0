import { PAYMENT_METHODS, type PaymentMethod } from '@petshop/domain';
import type { Config } from '../../config';

const NAME_OF: Record<PaymentMethod, Config['PAYMENT_METHODS'][number]> = {
  'Cartão de Crédito': 'credit',
  'Cartão de Débito': 'debit',
  Pix: 'pix',
  Boleto: 'boleto',
};

/** The payment methods the shop offers (PAYMENT_METHODS), in the API's order and words. */
export const offeredMethods = (config: Pick<Config, 'PAYMENT_METHODS'>): PaymentMethod[] =>
  PAYMENT_METHODS.filter((method) => config.PAYMENT_METHODS.includes(NAME_OF[method]));
