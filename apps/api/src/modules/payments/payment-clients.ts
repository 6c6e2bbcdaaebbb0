import type { MercadoPago } from './mercado-pago-client';
import type { PaymentProvider } from './payment-provider';
import type { PixApi } from './pix-api-client';
import type { PixAutomatico } from './pix-automatico-client';

/**
 * The payment service providers' clients as the rest of the app sees them: built where the app is
 * put together and passed to the modules that hand them back to payments. Only payments imports
 * the client modules themselves (a lint zone in biome.json).
 */
export interface PaymentClients {
  /** charges a Pix, boleto or card on the configured PSPs */
  provider: PaymentProvider;
  /** the card PSP (Mercado Pago): payments, refunds, searches by reference */
  cards: MercadoPago;
  /** the Pix PSP: cobranças and devoluções */
  pix: PixApi;
  /** the Pix Automático PSP: recurring authorisations and charges */
  pixAutomatico: PixAutomatico;
}

export { defaultPaymentProvider } from './payment-provider';
export { PspUnavailableError } from './pix-api-client';
export type { MercadoPago, PaymentProvider, PixApi, PixAutomatico };
