import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endToEndId, pixToCents, problem, TXID } from './pix-protocol';
import { sandboxPixCobrs } from './pix-recurrence.schema';
import { addDays, MAX_RETRIES, RETRY_WINDOW_DAYS, type RecurrenceState, type Tentativa } from './pix-recurrence-state';

/** Recurring charges: made, read, cancelled and retried (/cobr). */
export function cobrRoutes(v2: FastifyInstance, state: RecurrenceState) {
  const { db, notifyCobr, findRec, findCobr, cobrView, politicaOf } = state;
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
      .where(and(eq(sandboxPixCobrs.txid, request.params.txid), sql`${sandboxPixCobrs.status} in ('CRIADA', 'ATIVA')`))
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
}
