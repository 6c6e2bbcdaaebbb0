import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { cobrRoutes } from './pix-cobr-routes';
import { recRoutes } from './pix-rec-routes';
import { sandboxPixCobrs, sandboxPixRecs } from './pix-recurrence.schema';
import {
  type CycleOutcome,
  createRecurrenceState,
  MAX_RETRIES,
  REJECTION,
  type RecurrenceOptions,
  type Tentativa,
} from './pix-recurrence-state';

export { recCopiaECola } from './pix-rec-code';
export type { CycleOutcome, RecurrenceFaults, RecurrenceOptions } from './pix-recurrence-state';

/**
 * Pix Automático as the Banco Central's API Pix v2.9 describes it: a recurrence (/rec) the payer
 * authorises once in their bank app, from a QR whose location is a /locrec; then each cycle a
 * recurring charge (/cobr) sent 2 to 10 days before its date, settled by the payer's bank on that
 * date, with up to 3 retries within 7 days when the recurrence allows them (PERMITE_3R_7D). The
 * PSP tells the receiver through the webhooks `/rec` and `/cobr`.
 */

export function createPixRecurrence(options: RecurrenceOptions) {
  const state = createRecurrenceState(options);
  const { db, faults, inFlight, notify, notifyCobr, findRec, findCobr, findLoc, politicaOf } = state;

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
    recRoutes(v2, state);
    cobrRoutes(v2, state);
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
