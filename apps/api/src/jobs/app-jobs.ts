import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { writeDueReminders } from '../modules/appointments/appointment-messages';
import { photoUrlsInUse } from '../modules/catalog/catalog.service';
import type { MessageDelivery } from '../modules/messages/message-delivery';
import { runCreditJobs } from '../modules/packages/packages.service';
import { reconcileCardAttempts } from '../modules/payments/card-attempt-recovery';
import { expireDueCards, reconcileCardPayments } from '../modules/payments/card-settlement';
import type { MercadoPago, PixApi } from '../modules/payments/payment-clients';
import { type ChargeOutcomes, expireDue, reconcilePending } from '../modules/payments/payment-settlement';
import type { PlanPayments } from '../modules/payments/plan-payments';
import { retryPendingRefunds } from '../modules/payments/refunds.service';
import { writeDueVaccineReminders } from '../modules/pets/vaccine-reminders';
import { reconcileSubscriptions } from '../modules/plans/recurrence-sync';
import { bookAheadAll, chargeDueCycles, retryFailedCycles } from '../modules/plans/subscription-charging';
import type { ImageStorage } from '../modules/product-images/image-storage';
import { removeUnusedPhotos } from '../modules/product-images/product-images.service';
import type { RepeatingJob } from './job-runner';

export interface JobDeps {
  db: Db;
  config: Config;
  /** sends due outbox messages */
  messageDelivery: MessageDelivery;
  /** the PSP's API Pix */
  pix: PixApi;
  /** what plans ask of the PSPs (Pix Automático, the saved card), through the payments module */
  planPayments: PlanPayments;
  /** what a settled or expired charge does to its owner (order, counter sale, plan cycle) */
  chargeOutcomes: ChargeOutcomes;
  /** the card and boleto PSP */
  cards: MercadoPago;
  /** uploaded product photos */
  imageStorage: ImageStorage;
}

/** Everything the app does in the background. */
export const appJobs = (
  { db, config, messageDelivery, pix, planPayments, chargeOutcomes, cards, imageStorage }: JobDeps,
  log: FastifyBaseLogger,
): RepeatingJob[] => [
  // Photos no product names any more (replaced, deleted) leave the disk after a grace period.
  {
    name: 'unused-photos',
    everySeconds: 600,
    run: async () => {
      await removeUnusedPhotos(imageStorage, await photoUrlsInUse(db));
    },
  },
  // The outbox: messages written with the change that caused them go out within seconds.
  // A run frees what an instance that died had claimed: those messages do not wait out the lease.
  { name: 'outbox-delivery', everySeconds: 2, run: ({ owner }) => messageDelivery.run({ owner }) },
  // Reminders enter the outbox when their appointment comes within REMINDER_HOURS_BEFORE.
  { name: 'appointment-reminders', everySeconds: 60, run: () => writeDueReminders(db, config.REMINDER_HOURS_BEFORE) },
  // Pix and boleto not paid in time: asked at the PSP, then expired with their stock given back.
  // It scans by time, so after a restart it catches up on whatever expired meanwhile.
  { name: 'payment-expiry', everySeconds: 10, run: () => expireDue({ db, pix, log, outcomes: chargeOutcomes }) },
  // Pending Pix asked at the PSP: a lost or early webhook only delays the confirmation.
  {
    name: 'payment-reconciliation',
    everySeconds: config.PIX_RECONCILE_SECONDS,
    run: () => reconcilePending({ db, pix, log, outcomes: chargeOutcomes }),
  },
  // Card payments and boletos: pending ones asked at the card PSP (a lost webhook only delays the
  // news), those past their time expired; refunds a PSP did not confirm sent again with their key.
  {
    name: 'card-reconciliation',
    everySeconds: config.CARD_RECONCILE_SECONDS,
    run: async () => {
      const deps = { db, cards, log, outcomes: chargeOutcomes };
      await reconcileCardPayments(deps);
      // A charge the PSP approved for an order that was never written: given back.
      await reconcileCardAttempts(deps);
    },
  },
  { name: 'card-expiry', everySeconds: 30, run: () => expireDueCards({ db, cards, log, outcomes: chargeOutcomes }) },
  {
    name: 'refund-retry',
    everySeconds: 60,
    run: () => retryPendingRefunds({ db, cards, pix, log, outcomes: chargeOutcomes }),
  },
  // A vaccine's next dose within 7 days: one message per vaccine and due date.
  { name: 'vaccine-reminders', everySeconds: 3600, run: () => writeDueVaccineReminders(db) },
  // Subscriptions: each kept booked 8 weeks ahead; each cycle charged 2 to 10 days before its date;
  // failed cycles retried per their policy; authorisations and charges asked at the PSP (lost webhooks).
  { name: 'subscription-booking', everySeconds: 600, run: () => bookAheadAll({ db, payments: planPayments, log }) },
  { name: 'subscription-charges', everySeconds: 900, run: () => chargeDueCycles({ db, payments: planPayments, log }) },
  {
    name: 'subscription-retries',
    everySeconds: 900,
    run: () => retryFailedCycles({ db, payments: planPayments, log }),
  },
  {
    name: 'subscription-reconciliation',
    everySeconds: config.PIX_RECONCILE_SECONDS,
    run: () => reconcileSubscriptions({ db, payments: planPayments, log }),
  },
  // Package credits past their expiry are voided; those 7 days from it are announced to the customer.
  {
    name: 'credit-expiry',
    everySeconds: 300,
    run: async () => {
      await runCreditJobs(db);
    },
  },
];
