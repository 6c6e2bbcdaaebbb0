import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { createPixStandIn, DEMO_PIX_RECEIVER, type PixBank, type PixReceiver } from './pix/pix-stand-in';
import type { SandboxDb } from './sandbox-db';

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
}

/** The stand-ins as the shop mounts them: their HTTP APIs, and the payer's side the sandbox mode offers. */
export interface Sandboxes {
  /** every stand-in under its own prefix (`/pix`, …); mount it under e.g. `/api/sandbox` */
  plugin: FastifyPluginAsync;
  /** the Pix payer's bank, present when the Pix stand-in is */
  pix?: PixBank;
  /** waits for the notifications the stand-ins are still sending */
  whenIdle(): Promise<void>;
}

/**
 * The PSP stand-ins embedded in the shop (`npm start` without a real PSP). They speak their real
 * APIs over HTTP and nothing more: the switches that make a stand-in fail, stall or pay regardless
 * exist only in `@petshop/sandbox/testing`, which the shop never imports.
 */
export function createSandboxes({ db, log, pix }: SandboxOptions): Sandboxes {
  const pixStandIn = pix
    ? createPixStandIn({ db, log, ...pix, receiver: pix.receiver ?? DEMO_PIX_RECEIVER })
    : undefined;
  const standIns = [{ prefix: '/pix', standIn: pixStandIn }];
  return {
    plugin: async (app) => {
      for (const { prefix, standIn } of standIns) {
        if (standIn) await app.register(standIn.routes, { prefix });
      }
    },
    ...(pixStandIn ? { pix: { pay: (txid: string) => pixStandIn.pay(txid) } } : {}),
    async whenIdle() {
      await Promise.all(standIns.map(({ standIn }) => standIn?.whenIdle()));
    },
  };
}
