import { PAYMENT_METHODS, type PaymentMethod } from '@petshop/domain';
import type { Config } from '../../config';
import { cardRail, pixRail, type RailConfig } from './payment-rails';

const NAME_OF: Record<PaymentMethod, Config['PAYMENT_METHODS'][number]> = {
  'Cartão de Crédito': 'credit',
  'Cartão de Débito': 'debit',
  Pix: 'pix',
  Boleto: 'boleto',
};

/**
 * The payment methods the shop offers, in the API's order and words: those PAYMENT_METHODS names
 * whose PSP is configured, or whose stand-in may serve them (never in production without
 * PAYMENTS_SANDBOX=1).
 */
export const offeredMethods = (config: RailConfig): PaymentMethod[] => {
  const served = { pix: pixRail(config) !== 'off', cards: cardRail(config) !== 'off' };
  return PAYMENT_METHODS.filter(
    (method) => config.PAYMENT_METHODS.includes(NAME_OF[method]) && (method === 'Pix' ? served.pix : served.cards),
  );
};
