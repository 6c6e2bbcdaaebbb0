import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { SandboxDb } from '../sandbox-db';
import { centsToPix, endToEndId, pixToCents, problem, TXID } from './pix-protocol';
import { sandboxPixCobrs, sandboxPixLocrecs, sandboxPixRecs, sandboxPixSolicrecs } from './pix-recurrence.schema';
import type { PixReceiver } from './pix-stand-in';

/**
 * Pix Automático as the Banco Central's API Pix v2.9 describes it: a recurrence (/rec) the payer
 * authorises once in their bank app, from a QR whose location is a /locrec; then each cycle a
 * recurring charge (/cobr) sent 2 to 10 days before its date, settled by the payer's bank on that
 * date, with up to 3 retries within 7 days when the recurrence allows them (PERMITE_3R_7D). The
 * PSP tells the receiver through the webhooks `/rec` and `/cobr`.
 */

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

const ISPB = '99999999';
const REJECTION = { codigo: 'AM02', descricao: 'Saldo insuficiente na conta do pagador' };
const MAX_RETRIES = 3;
const RETRY_WINDOW_DAYS = 7;

const alnum = (length: number) =>
  Array.from(randomBytes(length), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[b % 62]).join(
    '',
  );
const stamp = (now: Date) => now.toISOString().slice(0, 10).replace(/-/g, '');
const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
function crc16(payload: string) {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The BR Code of a recurrence (Jornada 2): merchant data and the recurrence's location (ID 80). */
export function recCopiaECola(location: string, receiver: PixReceiver) {
  const body =
    tlv('00', '01') +
    tlv('80', tlv('00', 'br.gov.bcb.pix') + tlv('25', location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('58', 'BR') +
    tlv('59', receiver.merchantName.slice(0, 25)) +
    tlv('60', receiver.merchantCity.slice(0, 15)) +
    tlv('62', tlv('05', '***')) +
    '6304';
  return body + crc16(body);
}

type RecRow = typeof sandboxPixRecs.$inferSelect;
type CobrRow = typeof sandboxPixCobrs.$inferSelect;
interface Tentativa {
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

export function createPixRecurrence(options: RecurrenceOptions) {
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

  /** The payer's bank answers the authorisation request: approved, or rejected under the fault switch. */
  async function authorize(idRec: string): Promise<'approved' | 'rejected' | 'unknown' | 'not-pending'> {
    const status = faults.rejectAuthorization ? 'REJEITADA' : 'APROVADA';
    const now = new Date().toISOString();
    const [row] = await db
      .update(sandboxPixRecs)
      .set({
        status,
        tipoJornada: 'JORNADA_2',
        atualizacao: sql`${sandboxPixRecs.atualizacao} || ${JSON.stringify([{ status, data: now }])}::jsonb`,
        encerramento:
          status === 'REJEITADA' ? { rejeicao: { codigo: 'AP13', descricao: 'Recusada pelo usuário pagador' } } : null,
      })
      .where(and(eq(sandboxPixRecs.idRec, idRec), eq(sandboxPixRecs.status, 'CRIADA')))
      .returning();
    if (!row) return (await findRec(idRec)) ? 'not-pending' : 'unknown';
    notify('rec', {
      recs: [{ idRec, status, atualizacao: row.atualizacao, ativacao: { tipoJornada: 'JORNADA_2' } }],
    });
    return status === 'APROVADA' ? 'approved' : 'rejected';
  }

  /** The payer's bank settles the charge's current attempt: paid, or rejected (fault switch). */
  async function settle(txid: string): Promise<CycleOutcome> {
    const row = await findCobr(txid);
    if (!row) return 'unknown';
    const tentativas = row.tentativas as Tentativa[];
    const current = tentativas.at(-1);
    if (row.status !== 'ATIVA' || !current || current.status !== 'AGENDADA') return 'not-payable';
    const now = new Date();
    const fails = faults.failCycles > 0;
    if (fails) faults.failCycles -= 1;
    const updated: Tentativa = {
      ...current,
      status: fails ? 'REJEITADA' : 'PAGA',
      atualizacao: [...current.atualizacao, { status: fails ? 'REJEITADA' : 'PAGA', data: now.toISOString() }],
      ...(fails ? { rejeicao: REJECTION } : {}),
    };
    const retries = tentativas.filter((t) => t.tipo === 'RIFL').length;
    const politica = await politicaOf(row.idRec);
    const exhausted = politica !== 'PERMITE_3R_7D' || retries >= MAX_RETRIES;
    const status = fails ? (exhausted ? 'REJEITADA' : 'ATIVA') : 'CONCLUIDA';
    const [saved] = await db
      .update(sandboxPixCobrs)
      .set({
        status,
        tentativas: [...tentativas.slice(0, -1), updated],
        atualizacao:
          status === row.status
            ? row.atualizacao
            : sql`${sandboxPixCobrs.atualizacao} || ${JSON.stringify([{ status, data: now.toISOString() }])}::jsonb`,
        ...(fails ? {} : { endToEndId: current.endToEndId, paidAt: now }),
      })
      .where(
        and(
          eq(sandboxPixCobrs.txid, txid),
          eq(sandboxPixCobrs.status, 'ATIVA'),
          sql`jsonb_array_length(${sandboxPixCobrs.tentativas}) = ${tentativas.length}`,
          sql`${sandboxPixCobrs.tentativas} -> -1 ->> 'status' = 'AGENDADA'`,
        ),
      )
      .returning();
    if (!saved) return 'not-payable';
    await notifyCobr(saved);
    return fails ? 'rejected' : 'paid';
  }

  const routes: FastifyPluginAsync = async (v2) => {
    v2.post('/v2/locrec', async (_request, reply) => {
      const [loc] = await db.insert(sandboxPixLocrecs).values({}).returning();
      if (!loc) return problem(reply, 500, 'Erro interno');
      return reply.status(201).send(locView(loc));
    });

    v2.get<{ Params: { id: string } }>('/v2/locrec/:id', async (request, reply) => {
      const id = Number(request.params.id);
      const loc = Number.isInteger(id) && id > 0 ? await findLoc(id) : undefined;
      if (!loc) return problem(reply, 404, 'Location não encontrada');
      return locView(loc);
    });

    v2.post('/v2/rec', async (request, reply) => {
      const body = (request.body ?? {}) as {
        vinculo?: { contrato?: string; devedor?: { cpf?: string; nome?: string }; objeto?: string };
        calendario?: { dataInicial?: string; dataFinal?: string; periodicidade?: string };
        valor?: { valorRec?: string };
        politicaRetentativa?: string;
        loc?: number;
      };
      const periodicidades = ['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'];
      const valid =
        body.vinculo?.contrato &&
        body.vinculo.devedor?.cpf &&
        /^\d{11}$/.test(body.vinculo.devedor.cpf) &&
        body.vinculo.devedor.nome &&
        /^\d{4}-\d{2}-\d{2}$/.test(body.calendario?.dataInicial ?? '') &&
        periodicidades.includes(body.calendario?.periodicidade ?? '') &&
        ['NAO_PERMITE', 'PERMITE_3R_7D'].includes(body.politicaRetentativa ?? '') &&
        (body.valor?.valorRec === undefined || (pixToCents(body.valor.valorRec) ?? 0) > 0);
      if (!valid) return problem(reply, 400, 'Recorrência inválida');
      if (body.loc !== undefined) {
        const loc = await findLoc(body.loc);
        if (!loc || loc.idRec) return problem(reply, 400, 'Location inválida ou já vinculada');
      }
      const now = new Date();
      const idRec = `R${body.politicaRetentativa === 'PERMITE_3R_7D' ? 'R' : 'N'}${ISPB}${stamp(now)}${alnum(11)}`;
      const { loc: locId, ...rest } = body;
      const [row] = await db
        .insert(sandboxPixRecs)
        .values({
          idRec,
          status: 'CRIADA',
          body: rest,
          locId: locId ?? null,
          atualizacao: [{ status: 'CRIADA', data: now.toISOString() }],
        })
        .returning();
      if (!row) return problem(reply, 500, 'Erro interno');
      if (locId !== undefined) {
        await db.update(sandboxPixLocrecs).set({ idRec }).where(eq(sandboxPixLocrecs.id, locId));
      }
      return reply.status(201).send(await recView(row, false));
    });

    v2.get<{ Params: { idRec: string } }>('/v2/rec/:idRec', async (request, reply) => {
      const row = await findRec(request.params.idRec);
      if (!row) return problem(reply, 404, 'Recorrência não encontrada');
      return recView(row, true);
    });

    v2.patch<{ Params: { idRec: string } }>('/v2/rec/:idRec', async (request, reply) => {
      const body = (request.body ?? {}) as { status?: string };
      if (body.status !== 'CANCELADA') return problem(reply, 400, 'Revisão inválida');
      const now = new Date().toISOString();
      const [row] = await db
        .update(sandboxPixRecs)
        .set({
          status: 'CANCELADA',
          atualizacao: sql`${sandboxPixRecs.atualizacao} || ${JSON.stringify([{ status: 'CANCELADA', data: now }])}::jsonb`,
          encerramento: {
            cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cancelada pelo recebedor' },
          },
        })
        .where(
          and(eq(sandboxPixRecs.idRec, request.params.idRec), sql`${sandboxPixRecs.status} in ('CRIADA', 'APROVADA')`),
        )
        .returning();
      const current = row ?? (await findRec(request.params.idRec));
      if (!current) return problem(reply, 404, 'Recorrência não encontrada');
      if (row) notify('rec', { recs: [{ idRec: row.idRec, status: row.status, atualizacao: row.atualizacao }] });
      return recView(current, false);
    });

    v2.post('/v2/solicrec', async (request, reply) => {
      const body = (request.body ?? {}) as {
        idRec?: string;
        calendario?: { dataExpiracaoSolicitacao?: string };
        destinatario?: { cpf?: string };
      };
      const rec = body.idRec ? await findRec(body.idRec) : undefined;
      if (!rec || !body.calendario?.dataExpiracaoSolicitacao || !/^\d{11}$/.test(body.destinatario?.cpf ?? '')) {
        return problem(reply, 400, 'Solicitação inválida');
      }
      if (rec.status !== 'CRIADA') return problem(reply, 400, 'Recorrência não está aguardando confirmação');
      const now = new Date();
      const idSolicRec = `SC${ISPB}${stamp(now)}${alnum(11)}`;
      const atualizacao = [
        { status: 'CRIADA', data: now.toISOString() },
        { status: 'ENVIADA', data: now.toISOString() },
      ];
      await db
        .insert(sandboxPixSolicrecs)
        .values({ idSolicRec, idRec: rec.idRec, status: 'ENVIADA', body, atualizacao });
      return reply.status(201).send({ idSolicRec, ...body, status: 'ENVIADA', atualizacao });
    });

    v2.get<{ Params: { id: string } }>('/v2/solicrec/:id', async (request, reply) => {
      const [row] = await db
        .select()
        .from(sandboxPixSolicrecs)
        .where(eq(sandboxPixSolicrecs.idSolicRec, request.params.id));
      if (!row) return problem(reply, 404, 'Solicitação não encontrada');
      return { idSolicRec: row.idSolicRec, ...(row.body as object), status: row.status, atualizacao: row.atualizacao };
    });

    v2.put<{ Params: { txid: string } }>('/v2/cobr/:txid', async (request, reply) => {
      const { txid } = request.params;
      const body = (request.body ?? {}) as {
        idRec?: string;
        calendario?: { dataDeVencimento?: string };
        valor?: { original?: string };
        ajusteDiaUtil?: boolean;
        infoAdicional?: string;
      };
      const amountCents = pixToCents(body.valor?.original ?? '');
      const dueOn = body.calendario?.dataDeVencimento ?? '';
      if (
        !TXID.test(txid) ||
        !body.idRec ||
        amountCents === undefined ||
        amountCents <= 0 ||
        !/^\d{4}-\d{2}-\d{2}$/.test(dueOn)
      ) {
        return problem(reply, 400, 'Cobrança recorrente inválida');
      }
      const rec = await findRec(body.idRec);
      if (!rec) return problem(reply, 404, 'Recorrência não encontrada');
      if (rec.status !== 'APROVADA') return problem(reply, 400, 'Recorrência não aprovada');
      const now = new Date();
      const e2e = endToEndId(now);
      await db
        .insert(sandboxPixCobrs)
        .values({
          txid,
          idRec: rec.idRec,
          status: 'ATIVA',
          amountCents,
          dueOn,
          body: {
            ajusteDiaUtil: body.ajusteDiaUtil ?? true,
            ...(body.infoAdicional ? { infoAdicional: body.infoAdicional } : {}),
          },
          atualizacao: [
            { status: 'CRIADA', data: now.toISOString() },
            { status: 'ATIVA', data: now.toISOString() },
          ],
          tentativas: [
            {
              dataLiquidacao: dueOn,
              tipo: 'AGND',
              status: 'AGENDADA',
              endToEndId: e2e,
              atualizacao: [
                { status: 'SOLICITADA', data: now.toISOString() },
                { status: 'AGENDADA', data: now.toISOString() },
              ],
            },
          ],
        })
        .onConflictDoNothing();
      const row = await findCobr(txid);
      if (!row) return problem(reply, 500, 'Erro interno');
      if (row.amountCents !== amountCents || row.idRec !== rec.idRec || row.dueOn !== dueOn) {
        return problem(reply, 409, 'txid já utilizado');
      }
      return reply.status(201).send(cobrView(row, (rec.body as { politicaRetentativa?: string }).politicaRetentativa));
    });

    v2.get<{ Params: { txid: string } }>('/v2/cobr/:txid', async (request, reply) => {
      const row = await findCobr(request.params.txid);
      if (!row) return problem(reply, 404, 'Cobrança recorrente não encontrada');
      return cobrView(row, await politicaOf(row.idRec));
    });

    v2.patch<{ Params: { txid: string } }>('/v2/cobr/:txid', async (request, reply) => {
      const body = (request.body ?? {}) as { status?: string };
      if (body.status !== 'CANCELADA') return problem(reply, 400, 'Revisão inválida');
      const now = new Date().toISOString();
      const [row] = await db
        .update(sandboxPixCobrs)
        .set({
          status: 'CANCELADA',
          atualizacao: sql`${sandboxPixCobrs.atualizacao} || ${JSON.stringify([{ status: 'CANCELADA', data: now }])}::jsonb`,
        })
        .where(
          and(eq(sandboxPixCobrs.txid, request.params.txid), sql`${sandboxPixCobrs.status} in ('CRIADA', 'ATIVA')`),
        )
        .returning();
      const current = row ?? (await findCobr(request.params.txid));
      if (!current) return problem(reply, 404, 'Cobrança recorrente não encontrada');
      if (!row && current.status === 'CONCLUIDA') return problem(reply, 400, 'Cobrança já concluída');
      if (row) await notifyCobr(row);
      return cobrView(current, await politicaOf(current.idRec));
    });

    v2.post<{ Params: { txid: string; data: string } }>('/v2/cobr/:txid/retentativa/:data', async (request, reply) => {
      const { txid, data } = request.params;
      const row = await findCobr(txid);
      if (!row) return problem(reply, 404, 'Cobrança recorrente não encontrada');
      const politica = await politicaOf(row.idRec);
      const tentativas = row.tentativas as Tentativa[];
      const last = tentativas.at(-1);
      const retries = tentativas.filter((t) => t.tipo === 'RIFL').length;
      if (politica !== 'PERMITE_3R_7D') return problem(reply, 400, 'A recorrência não permite retentativas');
      if (row.status !== 'ATIVA' || last?.status !== 'REJEITADA' || retries >= MAX_RETRIES) {
        return problem(reply, 400, 'Retentativa não permitida para esta cobrança');
      }
      if (
        !/^\d{4}-\d{2}-\d{2}$/.test(data) ||
        data <= last.dataLiquidacao ||
        data > addDays(row.dueOn, RETRY_WINDOW_DAYS)
      ) {
        return problem(reply, 400, 'Data de retentativa fora da janela de 7 dias');
      }
      const now = new Date().toISOString();
      const retry: Tentativa = {
        dataLiquidacao: data,
        tipo: 'RIFL',
        status: 'AGENDADA',
        endToEndId: endToEndId(new Date()),
        atualizacao: [
          { status: 'SOLICITADA', data: now },
          { status: 'AGENDADA', data: now },
        ],
      };
      const [saved] = await db
        .update(sandboxPixCobrs)
        .set({ tentativas: [...tentativas, retry] })
        .where(
          and(
            eq(sandboxPixCobrs.txid, txid),
            sql`jsonb_array_length(${sandboxPixCobrs.tentativas}) = ${tentativas.length}`,
          ),
        )
        .returning();
      // Two requests for one retry: the second finds it scheduled already.
      const current = saved ?? (await findCobr(txid));
      if (!current) return problem(reply, 500, 'Erro interno');
      return reply.status(201).send(cobrView(current, politica));
    });
  };

  return {
    routes,
    faults,
    authorize,
    settle,
    /** the recurrence a location's QR points to (what the payer's bank reads when it scans it) */
    async idRecOfCopiaECola(copiaECola: string) {
      const match = /\/qr\/v2\/rec\/0*(\d+)/.exec(copiaECola);
      const loc = match ? await findLoc(Number(match[1])) : undefined;
      return loc?.idRec ?? undefined;
    },
    async whenIdle() {
      await Promise.allSettled([...inFlight]);
    },
  };
}

export type PixRecurrence = ReturnType<typeof createPixRecurrence>;
