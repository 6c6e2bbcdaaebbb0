import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxDb } from '../sandbox-db';
import { centsToPix } from './pix-protocol';
import { recCopiaECola } from './pix-rec-code';
import type { PixReceiver } from './pix-receiver';
import { sandboxPixCobrs, sandboxPixLocrecs, sandboxPixRecs } from './pix-recurrence.schema';

/** How the recurrence side misbehaves in tests (`@petshop/sandbox/testing` only). */
export interface RecurrenceFaults {
  /** the payer's bank rejects the next authorisations */
  rejectAuthorization: boolean;
  /** how many of the next settlement attempts fail (insufficient funds) */
  failCycles: number;
  /** webhooks of recurrences and their charges are not sent (the shop's reconciliation must find out) */
  loseWebhooks: boolean;
}

export type CycleOutcome = 'paid' | 'rejected' | 'unknown' | 'not-payable';

export const ISPB = '99999999';
export const REJECTION = { codigo: 'AM02', descricao: 'Saldo insuficiente na conta do pagador' };
export const MAX_RETRIES = 3;
export const RETRY_WINDOW_DAYS = 7;

export const alnum = (length: number) =>
  Array.from(randomBytes(length), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[b % 62]).join(
    '',
  );
export const stamp = (now: Date) => now.toISOString().slice(0, 10).replace(/-/g, '');
export const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export type RecRow = typeof sandboxPixRecs.$inferSelect;
export type CobrRow = typeof sandboxPixCobrs.$inferSelect;
export interface Tentativa {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  status: string;
  endToEndId: string;
  atualizacao: { status: string; data: string }[];
  rejeicao?: { codigo: string; descricao: string };
}

export interface RecurrenceOptions {
  db: SandboxDb;
  log: FastifyBaseLogger;
  receiver: PixReceiver;
  /** where notifications go: the registered URL, to which `/rec` or `/cobr` and `?hmac=…` are appended */
  webhookUrl: () => string | undefined;
  webhookSecret: string;
  /** the location host shown in the QR */
  locationHost?: string;
}

/** The recurrence side's switches, webhooks, look-ups and views, shared by its routes. */
export type RecurrenceState = ReturnType<typeof createRecurrenceState>;

export function createRecurrenceState(options: RecurrenceOptions) {
  const { db, log, receiver } = options;
  const faults: RecurrenceFaults = { rejectAuthorization: false, failCycles: 0, loseWebhooks: false };
  const inFlight = new Set<Promise<void>>();
  const host = options.locationHost ?? 'pix.sandbox.petcare.local';

  async function post(kind: 'rec' | 'cobr', body: unknown) {
    let url: string | undefined;
    try {
      url = options.webhookUrl();
    } catch {
      return;
    }
    if (!url) return;
    const target = `${url.replace(/\/+$/, '')}/${kind}?hmac=${encodeURIComponent(options.webhookSecret)}`;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(5000),
        });
        await res.body?.cancel();
        if (res.ok) return;
      } catch {
        // try again
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
    log.warn({ kind }, 'sandbox PSP gave up sending a webhook');
  }
  function notify(kind: 'rec' | 'cobr', body: unknown) {
    if (faults.loseWebhooks) return;
    const running = post(kind, body).finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  const findRec = async (idRec: string) =>
    (await db.select().from(sandboxPixRecs).where(eq(sandboxPixRecs.idRec, idRec)))[0];
  const findCobr = async (txid: string) =>
    (await db.select().from(sandboxPixCobrs).where(eq(sandboxPixCobrs.txid, txid)))[0];
  const findLoc = async (id: number) =>
    (await db.select().from(sandboxPixLocrecs).where(eq(sandboxPixLocrecs.id, id)))[0];

  const locView = (loc: typeof sandboxPixLocrecs.$inferSelect) => ({
    id: loc.id,
    location: `${host}/qr/v2/rec/${String(loc.id).padStart(32, '0')}`,
    criacao: loc.createdAt.toISOString(),
    ...(loc.idRec ? { idRec: loc.idRec } : {}),
  });

  async function recView(row: RecRow, withQr: boolean) {
    const body = row.body as Record<string, unknown>;
    const loc = row.locId === null ? undefined : await findLoc(row.locId);
    return {
      idRec: row.idRec,
      ...body,
      recebedor: { cnpj: '00000000000191', nome: receiver.merchantName },
      status: row.status,
      atualizacao: row.atualizacao,
      ...(row.encerramento ? { encerramento: row.encerramento } : {}),
      ativacao: { tipoJornada: row.tipoJornada },
      ...(loc ? { loc: locView(loc) } : {}),
      ...(withQr && loc
        ? { dadosQR: { jornada: 'JORNADA_2', pixCopiaECola: recCopiaECola(locView(loc).location, receiver) } }
        : {}),
    };
  }

  function cobrView(row: CobrRow, politica: string | undefined) {
    const body = row.body as Record<string, unknown>;
    return {
      idRec: row.idRec,
      txid: row.txid,
      ...body,
      calendario: { criacao: row.createdAt.toISOString().slice(0, 10), dataDeVencimento: row.dueOn },
      valor: { original: centsToPix(row.amountCents) },
      status: row.status,
      politicaRetentativa: politica ?? 'NAO_PERMITE',
      recebedor: { cnpj: '00000000000191', nome: receiver.merchantName },
      atualizacao: row.atualizacao,
      tentativas: row.tentativas,
      ...(row.endToEndId && row.paidAt
        ? {
            pix: [
              {
                endToEndId: row.endToEndId,
                txid: row.txid,
                valor: centsToPix(row.amountCents),
                horario: row.paidAt.toISOString(),
              },
            ],
          }
        : {}),
    };
  }

  const politicaOf = async (idRec: string) =>
    ((await findRec(idRec))?.body as { politicaRetentativa?: string } | undefined)?.politicaRetentativa;

  async function notifyCobr(row: CobrRow) {
    notify('cobr', {
      cobsr: [
        {
          idRec: row.idRec,
          txid: row.txid,
          status: row.status,
          atualizacao: row.atualizacao,
          tentativas: row.tentativas,
        },
      ],
    });
  }

  return {
    db,
    faults,
    inFlight,
    notify,
    notifyCobr,
    findRec,
    findCobr,
    findLoc,
    locView,
    recView,
    cobrView,
    politicaOf,
  };
}
