import { readFileSync } from 'node:fs';
import { Agent, type Dispatcher, fetch } from 'undici';

/** API Pix v2 statuses of an immediate charge (cob). */
export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

/** One payment the PSP received for a charge. */
export interface PixReceived {
  endToEndId: string;
  txid: string;
  /** decimal string, e.g. "91.80" */
  valor: string;
  horario: string;
}

export interface Cob {
  txid: string;
  status: CobStatus;
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  pixCopiaECola: string;
  pix?: PixReceived[];
}

export interface NewCob {
  expiracao: number;
  /** decimal string with two places */
  original: string;
  chave: string;
  solicitacaoPagador?: string;
}

/** The PSP did not answer, answered late or failed (5xx): the caller may try again later. */
export class PspUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PspUnavailableError';
  }
}

/** The PSP refused the request (4xx other than 401/404), e.g. removing a charge already paid. */
export class PspRefusedError extends Error {
  constructor(readonly status: number) {
    super(`PSP refused the request (${status})`);
    this.name = 'PspRefusedError';
  }
}

/** API Pix v2 devolução of a Pix received. */
export interface Devolucao {
  id: string;
  rtrId: string;
  valor: string;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
}

export interface PixApi {
  /** PUT /v2/pix/{e2eid}/devolucao/{id}: the same id again is the same devolução, never a second one. */
  devolve(e2eid: string, id: string, valor: string): Promise<Devolucao>;
  /** PUT /v2/cob/{txid}: creates the charge (the same txid and body again is harmless). */
  createCob(txid: string, cob: NewCob): Promise<Cob>;
  /** GET /v2/cob/{txid}; undefined when the PSP does not know it. */
  getCob(txid: string): Promise<Cob | undefined>;
  /** PATCH /v2/cob/{txid} to REMOVIDA_PELO_USUARIO_RECEBEDOR; undefined when unknown. */
  removeCob(txid: string): Promise<Cob | undefined>;
  close(): Promise<void>;
}

export interface PixApiOptions {
  /** base URL of the API Pix (…/v2 is appended); a function when only known once the app listens */
  baseUrl: string | (() => string);
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  /** PKCS#12 client certificate for mTLS, as most PSPs require */
  certPath?: string;
  certPassword?: string;
}

interface Token {
  value: string;
  /** ms epoch after which it is asked for again */
  renewAt: number;
}

/** A client of a PSP's API Pix v2: OAuth2 client credentials (token cached), cob create/read/remove. */
export function createPixApi(options: PixApiOptions): PixApi {
  const dispatcher: Dispatcher | undefined = options.certPath
    ? new Agent({
        connect: { pfx: readFileSync(options.certPath), passphrase: options.certPassword },
      })
    : undefined;
  const base = () => (typeof options.baseUrl === 'string' ? options.baseUrl : options.baseUrl()).replace(/\/+$/, '');
  let token: Token | undefined;
  let pending: Promise<Token> | undefined;

  async function send(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
    try {
      return await fetch(url, { ...init, dispatcher, signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      throw new PspUnavailableError('PSP unreachable or too slow', { cause: error });
    }
  }

  async function fetchToken(): Promise<Token> {
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
    // Renew a little before the PSP would refuse it.
    return { value: body.access_token, renewAt: Date.now() + lifetimeMs - Math.min(30_000, lifetimeMs / 10) };
  }

  async function currentToken(renew: boolean): Promise<string> {
    if (renew || !token || Date.now() >= token.renewAt) {
      // Parallel callers share one token request.
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      token = await pending;
    }
    return token.value;
  }

  async function call<T = Cob>(method: string, path: string, body?: unknown): Promise<T | undefined> {
    for (let attempt = 0; ; attempt += 1) {
      const res = await send(`${base()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await currentToken(attempt > 0)}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // A token the PSP revoked or let expire early: ask for a new one once.
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

  const cobPath = (txid: string) => `/v2/cob/${encodeURIComponent(txid)}`;

  return {
    async createCob(txid, cob) {
      const created = await call('PUT', cobPath(txid), {
        calendario: { expiracao: cob.expiracao },
        valor: { original: cob.original },
        chave: cob.chave,
        ...(cob.solicitacaoPagador ? { solicitacaoPagador: cob.solicitacaoPagador } : {}),
      });
      if (!created) throw new PspUnavailableError('PSP did not create the charge');
      return created;
    },
    getCob: (txid) => call('GET', cobPath(txid)),
    async devolve(e2eid, id, valor) {
      const answer = await call<Devolucao>(
        'PUT',
        `/v2/pix/${encodeURIComponent(e2eid)}/devolucao/${encodeURIComponent(id)}`,
        { valor, natureza: 'ORIGINAL' },
      );
      if (!answer) throw new PspRefusedError(404);
      return answer;
    },
    removeCob: (txid) => call('PATCH', cobPath(txid), { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' }),
    async close() {
      await dispatcher?.close();
    },
  };
}
