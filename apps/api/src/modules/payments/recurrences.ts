import { centsToPix, pixToCents } from './pix-amount';
import type { Cobr, PixAutomatico } from './pix-automatico-client';

/** A recurrence's status at the PSP (API Pix v2.9, rec). */
export type RecurrenceStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';

export interface NewRecurrence {
  objeto: string;
  contrato: string;
  cpf: string;
  payerName: string;
  firstDate: string;
  periodicidade: 'SEMANAL' | 'MENSAL';
  amountCents: number;
}

/** What the PSP says of a recurring charge (cobr), in the shop's words. */
export interface CycleChargeState {
  status: 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
  /** the recurrence allows 3 retries within 7 days */
  retriesAllowed: boolean;
  attempts: { status: string; settlesOn: string; rejection: string | null }[];
  /** money received: the first Pix the PSP lists */
  received: { endToEndId: string; amountCents: number | undefined; paidAt: Date } | null;
  /** the amount the charge asked for */
  chargedCents: number | undefined;
}

const cycleChargeState = (cobr: Cobr): CycleChargeState => {
  const paid = cobr.pix?.[0];
  return {
    status: cobr.status,
    retriesAllowed: cobr.politicaRetentativa === 'PERMITE_3R_7D',
    attempts: (cobr.tentativas ?? []).map((t) => ({
      status: t.status,
      settlesOn: t.dataLiquidacao,
      rejection: t.rejeicao ? `${t.rejeicao.codigo}: ${t.rejeicao.descricao}` : null,
    })),
    received: paid
      ? { endToEndId: paid.endToEndId, amountCents: pixToCents(paid.valor), paidAt: new Date(paid.horario) }
      : null,
    chargedCents: pixToCents(cobr.valor.original),
  };
};

/**
 * Pix Automático as plans use it: the recurrence the payer authorises once, and one charge (cobr)
 * per cycle. Amounts go to the PSP as decimal strings made from integer cents, never from floats.
 * Each call is one request to the PSP: callers make it outside any database transaction.
 */
export const recurrencesOf = (pixAutomatico: PixAutomatico) => ({
  async open(rec: NewRecurrence) {
    const loc = await pixAutomatico.createLocrec();
    const created = await pixAutomatico.createRec({
      vinculo: {
        objeto: rec.objeto,
        contrato: rec.contrato,
        devedor: { cpf: rec.cpf, nome: rec.payerName },
      },
      calendario: { dataInicial: rec.firstDate, periodicidade: rec.periodicidade },
      valor: { valorRec: centsToPix(rec.amountCents) },
      politicaRetentativa: 'PERMITE_3R_7D',
      loc: loc.id,
    });
    const read = await pixAutomatico.getRec(created.idRec);
    return {
      idRec: created.idRec,
      status: created.status as RecurrenceStatus,
      copiaECola: read?.dadosQR?.pixCopiaECola ?? null,
    };
  },
  async status(idRec: string): Promise<RecurrenceStatus | undefined> {
    return (await pixAutomatico.getRec(idRec))?.status;
  },
  async cancel(idRec: string) {
    await pixAutomatico.cancelRec(idRec);
  },
  /** PUT /cobr: the same txid and body again is the same charge. */
  async charge(txid: string, cycle: { idRec: string; dueOn: string; amountCents: number; info: string }) {
    await pixAutomatico.createCobr(txid, {
      idRec: cycle.idRec,
      dataDeVencimento: cycle.dueOn,
      original: centsToPix(cycle.amountCents),
      infoAdicional: cycle.info,
    });
  },
  async retry(txid: string, onDate: string) {
    await pixAutomatico.retryCobr(txid, onDate);
  },
  async cancelCharge(txid: string) {
    await pixAutomatico.cancelCobr(txid);
  },
  async chargeState(txid: string): Promise<CycleChargeState | undefined> {
    const cobr = await pixAutomatico.getCobr(txid);
    return cobr ? cycleChargeState(cobr) : undefined;
  },
});
