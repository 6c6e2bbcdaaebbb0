import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pixToCents, problem } from './pix-protocol';
import { sandboxPixLocrecs, sandboxPixRecs, sandboxPixSolicrecs } from './pix-recurrence.schema';
import { alnum, ISPB, type RecurrenceState, stamp } from './pix-recurrence-state';

/** Locations, recurrences and the requests to confirm them (/locrec, /rec, /solicrec). */
export function recRoutes(v2: FastifyInstance, state: RecurrenceState) {
  const { db, notify, findRec, findLoc, locView, recView } = state;
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
    await db.insert(sandboxPixSolicrecs).values({ idSolicRec, idRec: rec.idRec, status: 'ENVIADA', body, atualizacao });
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
}
