import type { Config } from '../../config';

/**
 * Where one PSP's payments go: a real PSP, the embedded stand-in, or nowhere. A stand-in serves a
 * method only while its real PSP is not configured, and in production only under PAYMENTS_SANDBOX=1:
 * a production shop without the PSP offers no such method and mounts no sandbox for it.
 */
export type Rail = 'real' | 'sandbox' | 'off';

export type RailConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'PAYMENTS_SANDBOX'
  | 'PAYMENT_METHODS'
  | 'PIX_API_URL'
  | 'PIX_CLIENT_ID'
  | 'PIX_CLIENT_SECRET'
  | 'PIX_KEY'
  | 'CARD_PSP_ACCESS_TOKEN'
  | 'CARD_PSP_PUBLIC_KEY'
>;

const withoutPsp = (config: RailConfig): Rail =>
  config.NODE_ENV !== 'production' || config.PAYMENTS_SANDBOX ? 'sandbox' : 'off';

/** The Pix PSP (API Pix v2, and its Pix Automático). */
export const pixRail = (config: RailConfig): Rail =>
  config.PIX_API_URL && config.PIX_CLIENT_ID && config.PIX_CLIENT_SECRET && config.PIX_KEY
    ? 'real'
    : withoutPsp(config);

/** The card and boleto PSP (Mercado Pago's Payments API v1). */
export const cardRail = (config: RailConfig): Rail =>
  config.CARD_PSP_ACCESS_TOKEN && config.CARD_PSP_PUBLIC_KEY ? 'real' : withoutPsp(config);
