import { readFileSync } from 'node:fs';
import { Agent, type Dispatcher, fetch } from 'undici';
import { type PixApiOptions, PspRefusedError, PspUnavailableError } from './pix-api-client';

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

/** A client of the Pix Automático endpoints: OAuth2 client credentials (token cached), JSON over HTTPS. */
export function createPixAutomatico(options: PixApiOptions): PixAutomatico {
  const dispatcher: Dispatcher | undefined = options.certPath
    ? new Agent({ connect: { pfx: readFileSync(options.certPath), passphrase: options.certPassword } })
    : undefined;
  const base = () => (typeof options.baseUrl === 'string' ? options.baseUrl : options.baseUrl()).replace(/\/+$/, '');
  let token: { value: string; renewAt: number } | undefined;
  let pending: Promise<{ value: string; renewAt: number }> | undefined;

  async function send(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
    try {
      return await fetch(url, { ...init, dispatcher, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw new PspUnavailableError('PSP unreachable or too slow', { cause: error });
    }
  }

  async function fetchToken() {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const res = await send(`${base()}/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new PspUnavailableError(`PSP token request failed (${res.status})`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PspUnavailableError('PSP token answer without access_token');
    const lifetimeMs = Math.max(1, body.expires_in ?? 60) * 1000;
    return { value: body.access_token, renewAt: Date.now() + lifetimeMs - Math.min(30_000, lifetimeMs / 10) };
  }

  async function currentToken(renew: boolean) {
    if (renew || !token || Date.now() >= token.renewAt) {
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      token = await pending;
    }
    return token.value;
  }

  async function call<T>(method: string, path: string, body?: unknown): Promise<T | undefined> {
    for (let attempt = 0; ; attempt += 1) {
      const res = await send(`${base()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await currentToken(attempt > 0)}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 401 && attempt === 0) {
        await res.body?.cancel();
        continue;
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return undefined;
      }
      if (res.status >= 500 || res.status === 401 || res.status === 429) {
        await res.body?.cancel();
        throw new PspUnavailableError(`PSP answered ${res.status}`);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new PspRefusedError(res.status);
      }
      return (await res.json()) as T;
    }
  }

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
    async close() {
      await dispatcher?.close();
    },
  };
}
