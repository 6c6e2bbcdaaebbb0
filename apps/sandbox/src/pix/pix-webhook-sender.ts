import type { FastifyBaseLogger } from 'fastify';
import { centsToPix, type PixChargeRow } from './pix-protocol';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the API Pix webhook for a paid charge, as a PSP does, and keeps track of the ones on their way. */
export function pixWebhookSender(webhookUrl: () => string | undefined, webhookSecret: string, log: FastifyBaseLogger) {
  const inFlight = new Set<Promise<void>>();

  async function notify(row: PixChargeRow) {
    let url: string | undefined;
    try {
      url = webhookUrl();
    } catch {
      return;
    }
    if (!url || !row.endToEndId || !row.paidAt || row.paidCents === null) return;
    const body = JSON.stringify({
      pix: [
        {
          endToEndId: row.endToEndId,
          txid: row.txid,
          valor: centsToPix(row.paidCents),
          horario: row.paidAt.toISOString(),
        },
      ],
    });
    const target = `${url.replace(/\/+$/, '')}/pix?hmac=${encodeURIComponent(webhookSecret)}`;
    // Like a PSP: a few tries with growing pauses; after that the shop's reconciliation finds it.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(5000),
        });
        await res.body?.cancel();
        if (res.ok) return;
      } catch {
        // try again
      }
      await sleep(500 * 2 ** attempt);
    }
    log.warn({ txid: row.txid }, 'sandbox PSP gave up sending a webhook');
  }

  return {
    send(row: PixChargeRow) {
      const running = notify(row).finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async whenIdle() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
