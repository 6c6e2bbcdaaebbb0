import { createPixTransport, type PixApiOptions } from './pix-transport';
import { PspRefusedError, PspUnavailableError } from './psp-errors';

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

export type { PixApiOptions } from './pix-transport';
export { PspRefusedError, PspUnavailableError } from './psp-errors';

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

/** A client of a PSP's API Pix v2: OAuth2 client credentials (token cached), cob create/read/remove. */
export function createPixApi(options: PixApiOptions): PixApi {
  const transport = createPixTransport(options);
  const call = <T = Cob>(method: string, path: string, body?: unknown) => transport.call<T>(method, path, body);

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
    close: () => transport.close(),
  };
}
