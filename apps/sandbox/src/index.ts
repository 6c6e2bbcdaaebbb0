import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { type CardSandboxOptions, createMercadoPagoStandIn } from './mercadopago/mercadopago-stand-in';
import { createPixStandIn, DEMO_PIX_RECEIVER, type PixBank, type PixReceiver } from './pix/pix-stand-in';
import type { SandboxDb } from './sandbox-db';

export type { CardSandboxOptions } from './mercadopago/mercadopago-stand-in';
export type { CycleOutcome } from './pix/pix-recurrence';
export { DEMO_PIX_RECEIVER, type PixBank, type PixReceiver, type SandboxPayOutcome } from './pix/pix-stand-in';
export type { SandboxDb } from './sandbox-db';

export interface SandboxOptions {
  db: SandboxDb;
  log: FastifyBaseLogger;
  /** the Pix PSP stand-in (API Pix v2), when the shop has no real Pix PSP */
  pix?: {
    clientId: string;
    clientSecret: string;
    webhookUrl: () => string | undefined;
    webhookSecret: string;
    receiver?: PixReceiver;
  };
  /** the card and boleto PSP stand-in (Mercado Pago's Payments API v1), when the shop has no real one */
  cards?: Omit<CardSandboxOptions, 'log'>;
}

/** The payer's side of the card stand-in: a boleto paid at a bank, a 3-D Secure challenge passed. */
export interface CardBank {
  /** 'paid', or 'unknown' / 'not-payable' when the PSP has no such pending boleto or challenge */
  pay(pspPaymentId: string): 'paid' | 'unknown' | 'not-payable';
}

/** The stand-ins as the shop mounts them: their HTTP APIs, and the payer's side the sandbox mode offers. */
export interface Sandboxes {
  /** every stand-in under its own prefix (`/pix`, …); mount it under e.g. `/api/sandbox` */
  plugin: FastifyPluginAsync;
  /** the Pix payer's bank, present when the Pix stand-in is */
  pix?: PixBank;
  /** the card stand-in's payer side, present when the card stand-in is */
  cards?: CardBank;
  /** waits for the notifications the stand-ins are still sending */
  whenIdle(): Promise<void>;
}

/**
 * The PSP stand-ins embedded in the shop (`npm start` without a real PSP). They speak their real
 * APIs over HTTP and nothing more: the switches that make a stand-in fail, stall or pay regardless
 * exist only in `@petshop/sandbox/testing`, which the shop never imports.
 */
export function createSandboxes({ db, log, pix, cards }: SandboxOptions): Sandboxes {
  const pixStandIn = pix
    ? createPixStandIn({ db, log, ...pix, receiver: pix.receiver ?? DEMO_PIX_RECEIVER })
    : undefined;
  const cardStandIn = cards ? createMercadoPagoStandIn({ ...cards, log }) : undefined;
  const standIns = [
    { prefix: '/pix', standIn: pixStandIn },
    { prefix: '/cards', standIn: cardStandIn },
  ];
  return {
    plugin: async (app) => {
      for (const { prefix, standIn } of standIns) {
        if (standIn) await app.register(standIn.routes, { prefix });
      }
    },
    ...(pixStandIn
      ? {
          pix: {
            pay: (txid: string) => pixStandIn.pay(txid),
            authorizeRec: (idRec: string) => pixStandIn.authorizeRec(idRec),
            payCycle: (txid: string) => pixStandIn.payCycle(txid),
          },
        }
      : {}),
    ...(cardStandIn ? { cards: { pay: (id: string) => cardStandIn.payAsCustomer(id) } } : {}),
    async whenIdle() {
      await Promise.all(standIns.map(({ standIn }) => standIn?.whenIdle()));
    },
  };
}
