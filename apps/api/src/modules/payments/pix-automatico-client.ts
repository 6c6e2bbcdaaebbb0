import { createPixTransport, type PixApiOptions } from './pix-transport';
import { PspRefusedError } from './psp-errors';

/** API Pix v2.9 (Pix Automático): statuses of a recurrence (rec) and of a recurring charge (cobr). */
export type RecStatus = 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
export type CobrStatus = 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
export type Periodicidade = 'SEMANAL' | 'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';
export type PoliticaRetentativa = 'NAO_PERMITE' | 'PERMITE_3R_7D';

export interface NewRec {
  vinculo: { objeto: string; contrato: string; devedor: { cpf: string; nome: string } };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: Periodicidade };
  valor: { valorRec: string };
  politicaRetentativa: PoliticaRetentativa;
  /** the /locrec id whose QR the payer scans */
  loc?: number;
}

export interface Rec {
  idRec: string;
  status: RecStatus;
  politicaRetentativa?: PoliticaRetentativa;
  valor?: { valorRec?: string };
  calendario?: { dataInicial: string; periodicidade: Periodicidade };
  atualizacao: { status: RecStatus; data: string }[];
  ativacao?: { tipoJornada?: string };
  /** GET /rec/{idRec}: the QR of the recurrence (Jornada 2) */
  dadosQR?: { jornada?: string; pixCopiaECola?: string };
}

export interface Locrec {
  id: number;
  location: string;
  criacao: string;
  idRec?: string;
}

export interface CobrTentativa {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG' | 'RIFL';
  status: 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';
  endToEndId: string;
  rejeicao?: { codigo: string; descricao: string };
}

export interface Cobr {
  idRec: string;
  txid: string;
  status: CobrStatus;
  calendario: { criacao: string; dataDeVencimento: string };
  valor: { original: string };
  politicaRetentativa?: PoliticaRetentativa;
  tentativas?: CobrTentativa[];
  pix?: { endToEndId: string; valor: string; horario: string }[];
}

export interface NewCobr {
  idRec: string;
  dataDeVencimento: string;
  /** decimal string with two places */
  original: string;
  infoAdicional?: string;
}

/** The Pix Automático part of the PSP's API Pix, beside the immediate charges of pix-api-client.ts. */
export interface PixAutomatico {
  /** POST /v2/locrec: where the recurrence's QR points */
  createLocrec(): Promise<Locrec>;
  /** POST /v2/rec */
  createRec(rec: NewRec): Promise<Rec>;
  /** GET /v2/rec/{idRec}; undefined when the PSP does not know it */
  getRec(idRec: string): Promise<Rec | undefined>;
  /** PATCH /v2/rec/{idRec} to CANCELADA */
  cancelRec(idRec: string): Promise<Rec | undefined>;
  /** POST /v2/solicrec: asks the payer's bank to confirm the recurrence (Jornada 1) */
  requestConfirmation(idRec: string, cpf: string, expiresAt: Date): Promise<{ idSolicRec: string; status: string }>;
  /** PUT /v2/cobr/{txid}: the same txid again is the same charge */
  createCobr(txid: string, cobr: NewCobr): Promise<Cobr>;
  getCobr(txid: string): Promise<Cobr | undefined>;
  /** PATCH /v2/cobr/{txid} to CANCELADA */
  cancelCobr(txid: string): Promise<Cobr | undefined>;
  /** POST /v2/cobr/{txid}/retentativa/{data}: one more settlement attempt on `data` (PERMITE_3R_7D) */
  retryCobr(txid: string, data: string): Promise<Cobr>;
  close(): Promise<void>;
}

/** A client of the Pix Automático endpoints, over the transport it shares with the immediate charges. */
export function createPixAutomatico(options: PixApiOptions): PixAutomatico {
  const { call, close } = createPixTransport(options);

  const must = async <T>(answer: Promise<T | undefined>) => {
    const value = await answer;
    if (value === undefined) throw new PspRefusedError(404);
    return value;
  };
  const enc = encodeURIComponent;

  return {
    createLocrec: () => must(call<Locrec>('POST', '/v2/locrec', {})),
    createRec: (rec) => must(call<Rec>('POST', '/v2/rec', rec)),
    getRec: (idRec) => call<Rec>('GET', `/v2/rec/${enc(idRec)}`),
    cancelRec: (idRec) => call<Rec>('PATCH', `/v2/rec/${enc(idRec)}`, { status: 'CANCELADA' }),
    requestConfirmation: (idRec, cpf, expiresAt) =>
      must(
        call<{ idSolicRec: string; status: string }>('POST', '/v2/solicrec', {
          idRec,
          calendario: { dataExpiracaoSolicitacao: expiresAt.toISOString() },
          destinatario: { cpf },
        }),
      ),
    createCobr: (txid, cobr) =>
      must(
        call<Cobr>('PUT', `/v2/cobr/${enc(txid)}`, {
          idRec: cobr.idRec,
          calendario: { dataDeVencimento: cobr.dataDeVencimento },
          valor: { original: cobr.original },
          ajusteDiaUtil: true,
          ...(cobr.infoAdicional ? { infoAdicional: cobr.infoAdicional } : {}),
        }),
      ),
    getCobr: (txid) => call<Cobr>('GET', `/v2/cobr/${enc(txid)}`),
    cancelCobr: (txid) => call<Cobr>('PATCH', `/v2/cobr/${enc(txid)}`, { status: 'CANCELADA' }),
    retryCobr: (txid, data) => must(call<Cobr>('POST', `/v2/cobr/${enc(txid)}/retentativa/${enc(data)}`)),
    close,
  };
}
