import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { SandboxDb } from '../sandbox-db';
import { sandboxPixCharges } from './pix-charges.schema';
import { pixCredentials } from './pix-credentials';
import { endToEndId, pixToCents, problem, TXID, toCob } from './pix-protocol';
import type { PixReceiver } from './pix-receiver';
import { type CycleOutcome, createPixRecurrence, type RecurrenceFaults } from './pix-recurrence';
import { sandboxPixCobrs } from './pix-recurrence.schema';
import { pixWebhookSender } from './pix-webhook-sender';

export type { PixReceiver } from './pix-receiver';

/** Demo receiver: a random EVP (UUID) key that belongs to no one. */
export const DEMO_PIX_RECEIVER: PixReceiver = {
  key: '7d9f0335-8dcc-4054-9bf9-0c5a2e4b1f6a',
  merchantName: 'PetCare',
  merchantCity: 'Sao Paulo',
};

export interface PixStandInOptions {
  db: SandboxDb;
  log: FastifyBaseLogger;
  clientId: string;
  clientSecret: string;
  /** where the webhook goes: the registered URL, to which `/pix?hmac=…` is appended */
  webhookUrl: () => string | undefined;
  webhookSecret: string;
  receiver?: PixReceiver;
  tokenTtlSeconds?: number;
}

/** How the stand-in misbehaves, for tests of a PSP that is down or slow. */
export interface SandboxFaults {
  mode: 'ok' | 'down' | 'slow';
  slowMs: number;
}

export type SandboxPayOutcome = 'paid' | 'unknown' | 'not-payable';

/** What the shop's own sandbox mode may use: the payer's bank, nothing that bends the PSP. */
export interface PixBank {
  /** Pays an active, unexpired charge as the payer's bank would, then notifies the webhook. */
  pay(txid: string): Promise<SandboxPayOutcome>;
  /** Pix Automático: the payer authorises a recurrence in their bank app (webhook `/rec`). */
  authorizeRec(idRec: string): Promise<'approved' | 'rejected' | 'unknown' | 'not-pending'>;
  /** Pix Automático: the payer's bank settles a recurring charge's scheduled attempt (webhook `/cobr`). */
  payCycle(txid: string): Promise<CycleOutcome>;
}

export interface PixStandIn extends PixBank {
  /** The API Pix v2 (token, /v2/cob); register under a prefix. */
  routes: FastifyPluginAsync;
  /** Waits for the webhooks being sent. */
  whenIdle(): Promise<void>;
  // Test switches below: only `@petshop/sandbox/testing` hands them out; the shop's mount does not.
  /** money that arrives anyway (a bank that settles after expiry or removal) */
  payRegardless(txid: string): Promise<SandboxPayOutcome>;
  /** tokens issued so far by this process, and a switch that makes every token invalid */
  tokensIssued(): number;
  revokeTokens(): void;
  faults: SandboxFaults;
  /** Pix Automático switches: rejected authorisation, failed cycles, lost webhooks */
  recurrenceFaults: RecurrenceFaults;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A PSP stand-in that speaks the Banco Central's API Pix v2 over HTTP and keeps its charges in the
 * database, so every instance of the app agrees on them. The shop mounts it when no PSP is
 * configured (index.ts); tests run it on a port of its own (testing.ts).
 */
export function createPixStandIn(options: PixStandInOptions): PixStandIn {
  const { db, log } = options;
  const receiver = options.receiver ?? DEMO_PIX_RECEIVER;
  const ttl = options.tokenTtlSeconds ?? 3600;
  const faults: SandboxFaults = { mode: 'ok', slowMs: 0 };
  /** Devoluções by `${e2eid}/${id}`; kept by this process only, as a sandbox may. */
  const devolucoes = new Map<
    string,
    {
      e2eid: string;
      id: string;
      rtrId: string;
      valor: string;
      natureza: string;
      horario: { solicitacao: string; liquidacao: string };
      status: string;
    }
  >();
  const credentials = pixCredentials(options.clientId, options.clientSecret, ttl);
  const webhooks = pixWebhookSender(options.webhookUrl, options.webhookSecret, log);
  const recurrence = createPixRecurrence({
    db,
    log,
    receiver,
    webhookUrl: options.webhookUrl,
    webhookSecret: options.webhookSecret,
  });

  const find = async (txid: string) =>
    (await db.select().from(sandboxPixCharges).where(eq(sandboxPixCharges.txid, txid)))[0];

  async function settle(txid: string, regardless: boolean): Promise<SandboxPayOutcome> {
    const now = new Date();
    const [row] = await db
      .update(sandboxPixCharges)
      .set({
        status: 'CONCLUIDA',
        endToEndId: endToEndId(now),
        paidCents: sql`${sandboxPixCharges.amountCents}`,
        paidAt: now,
      })
      .where(
        and(
          eq(sandboxPixCharges.txid, txid),
          regardless
            ? sql`${sandboxPixCharges.status} <> 'CONCLUIDA'`
            : and(
                eq(sandboxPixCharges.status, 'ATIVA'),
                gt(
                  sql`${sandboxPixCharges.createdAt} + ${sandboxPixCharges.expiracao} * interval '1 second'`,
                  sql`now()`,
                ),
              ),
        ),
      )
      .returning();
    if (!row) return (await find(txid)) ? 'not-payable' : 'unknown';
    webhooks.send(row);
    return 'paid';
  }

  const routes: FastifyPluginAsync = async (api) => {
    api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    api.addHook('onRequest', async (_request, reply) => {
      if (faults.mode === 'down') return problem(reply, 503, 'Serviço indisponível');
    });
    // Slow: the work is done, the answer comes late (a charge created that the shop may never hear of).
    api.addHook('onSend', async () => {
      if (faults.mode === 'slow') await sleep(faults.slowMs);
    });

    api.post('/oauth/token', async (request, reply) => {
      const body = (request.body ?? {}) as { grant_type?: string };
      if (!credentials.validClient(request.headers.authorization))
        return reply.status(401).send({ error: 'invalid_client' });
      if (body.grant_type !== 'client_credentials') {
        return reply.status(400).send({ error: 'unsupported_grant_type' });
      }
      return {
        access_token: credentials.issueToken(),
        token_type: 'Bearer',
        expires_in: ttl,
        scope: 'cob.write cob.read',
      };
    });

    api.register(async (v2) => {
      v2.addHook('onRequest', async (request, reply) => {
        if (!credentials.validToken(request.headers.authorization)) return problem(reply, 401, 'Não autorizado');
      });

      await v2.register(recurrence.routes);

      v2.put<{ Params: { txid: string } }>('/v2/cob/:txid', async (request, reply) => {
        const { txid } = request.params;
        const body = (request.body ?? {}) as {
          calendario?: { expiracao?: number };
          valor?: { original?: string };
          chave?: string;
        };
        const original = body.valor?.original ?? '';
        const expiracao = body.calendario?.expiracao ?? 86_400;
        const amountCents = pixToCents(original);
        if (!TXID.test(txid) || amountCents === undefined || amountCents <= 0 || !body.chave) {
          return problem(reply, 400, 'Cobrança inválida');
        }
        if (!Number.isInteger(expiracao) || expiracao <= 0) return problem(reply, 400, 'Expiração inválida');
        // A BR Code's reference label holds 25 characters at most.
        const pixCopiaECola = generatePixPayload({
          ...receiver,
          key: body.chave,
          amount: amountCents / 100,
          txid: txid.slice(0, 25),
        });
        if (!pixCopiaECola) return problem(reply, 400, 'Cobrança inválida');
        await db
          .insert(sandboxPixCharges)
          .values({ txid, chave: body.chave, amountCents, expiracao, status: 'ATIVA', pixCopiaECola })
          .onConflictDoNothing();
        const row = await find(txid);
        if (!row) return problem(reply, 500, 'Erro interno');
        // The same txid again with another amount is another charge: refused, as a PSP would.
        if (row.amountCents !== amountCents) return problem(reply, 409, 'txid já utilizado');
        return reply.status(201).send(toCob(row));
      });

      v2.get<{ Params: { txid: string } }>('/v2/cob/:txid', async (request, reply) => {
        const row = await find(request.params.txid);
        if (!row) return problem(reply, 404, 'Cobrança não encontrada');
        return toCob(row);
      });

      v2.patch<{ Params: { txid: string } }>('/v2/cob/:txid', async (request, reply) => {
        const body = (request.body ?? {}) as { status?: string };
        if (body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR') return problem(reply, 400, 'Status inválido');
        const [row] = await db
          .update(sandboxPixCharges)
          .set({ status: body.status, revisao: sql`${sandboxPixCharges.revisao} + 1` })
          .where(and(eq(sandboxPixCharges.txid, request.params.txid), eq(sandboxPixCharges.status, 'ATIVA')))
          .returning();
        if (row) return toCob(row);
        const current = await find(request.params.txid);
        if (!current) return problem(reply, 404, 'Cobrança não encontrada');
        // A paid charge cannot be removed; removing a removed one changes nothing.
        if (current.status === 'CONCLUIDA') return problem(reply, 409, 'Cobrança já concluída');
        return toCob(current);
      });

      // Devolução of a Pix received: the same id again answers the same devolução, never a second one.
      v2.put<{ Params: { e2eid: string; id: string } }>('/v2/pix/:e2eid/devolucao/:id', async (request, reply) => {
        const { e2eid, id } = request.params;
        if (!/^[a-zA-Z0-9]{1,35}$/.test(id)) return problem(reply, 400, 'Id de devolução inválido');
        const earlier = devolucoes.get(`${e2eid}/${id}`);
        if (earlier) return reply.status(201).send(earlier);
        // A Pix received for an immediate charge (cob) or for a recurring one (Pix Automático cobr).
        const [charge] = await db.select().from(sandboxPixCharges).where(eq(sandboxPixCharges.endToEndId, e2eid));
        const [cobr] = charge
          ? []
          : await db.select().from(sandboxPixCobrs).where(eq(sandboxPixCobrs.endToEndId, e2eid));
        const paid = { paidCents: charge ? charge.paidCents : cobr?.paidAt ? cobr.amountCents : null };
        if (paid.paidCents === null) return problem(reply, 404, 'Pix não encontrado');
        const valor = pixToCents(String((request.body as { valor?: unknown } | undefined)?.valor ?? ''));
        const returned = [...devolucoes.values()]
          .filter((d) => d.e2eid === e2eid)
          .reduce((sum, d) => sum + (pixToCents(d.valor) ?? 0), 0);
        if (valor === undefined || valor <= 0 || valor + returned > paid.paidCents) {
          return problem(reply, 400, 'Valor de devolução inválido');
        }
        const now = new Date().toISOString();
        const devolucao = {
          e2eid,
          id,
          rtrId: endToEndId(new Date()).replace(/^E/, 'D').padEnd(32, '0').slice(0, 32),
          valor: (valor / 100).toFixed(2),
          natureza: 'ORIGINAL',
          horario: { solicitacao: now, liquidacao: now },
          status: 'DEVOLVIDO',
        };
        devolucoes.set(`${e2eid}/${id}`, devolucao);
        return reply.status(201).send(devolucao);
      });

      v2.get<{ Params: { e2eid: string; id: string } }>('/v2/pix/:e2eid/devolucao/:id', async (request, reply) => {
        const found = devolucoes.get(`${request.params.e2eid}/${request.params.id}`);
        if (!found) return problem(reply, 404, 'Devolução não encontrada');
        return found;
      });
    });
  };

  return {
    routes,
    pay: (txid) => settle(txid, false),
    payRegardless: (txid) => settle(txid, true),
    tokensIssued: credentials.issued,
    revokeTokens: credentials.revoke,
    faults,
    recurrenceFaults: recurrence.faults,
    authorizeRec: recurrence.authorize,
    payCycle: recurrence.settle,
    async whenIdle() {
      await Promise.all([webhooks.whenIdle(), recurrence.whenIdle()]);
    },
  };
}
