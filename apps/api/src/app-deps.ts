import type { Config } from './config';
import type { Db } from './db/client';
import type { RateLimiter } from './lib/rate-limiter';
import type { CatalogChanges } from './modules/catalog/catalog-changes';
import type { MessageDelivery } from './modules/messages/message-delivery';
import type { PaymentProvider } from './modules/payments/payment-provider';
import type { ChargeOutcomes } from './modules/payments/payment-settlement';
import type { PixApi } from './modules/payments/pix-api-client';
import type { ImageStorage } from './modules/product-images/image-storage';

/** What route plugins receive: built once in app.ts. */
export interface AppDeps {
  config: Config;
  db: Db;
  loginLimiter: RateLimiter;
  /** sends due outbox messages; run by the background jobs */
  messageDelivery: MessageDelivery;
  /** the catalogue's change counter, for the cache of public reads */
  catalogChanges: CatalogChanges;
  /** where uploaded product photos are kept */
  imageStorage: ImageStorage;
  /** the PSP's API Pix (the embedded sandbox PSP when PIX_API_URL is unset) */
  pix: PixApi;
  paymentProvider: PaymentProvider;
  /** what a settled or expired charge does to its order (the orders lifecycle) */
  chargeOutcomes: ChargeOutcomes;
}
