import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { sandboxPixCharges } from './pix-charges.schema';

/** The API Pix v2 as the Banco Central publishes it: what the stand-in answers, written from the spec, not from the shop's client. */
export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface PixReceived {
  endToEndId: string;
  txid: string;
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

/** API Pix amounts are decimal strings ("91.80"); the stand-in counts integer cents. */
export const centsToPix = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** undefined for anything that is not a plain amount with two decimals. */
export function pixToCents(value: string): number | undefined {
  const match = /^(\d{1,10})\.(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

export const TXID = /^[a-zA-Z0-9]{26,35}$/;

/** E + ISPB (8) + yyyyMMddHHmm + 11 letters and digits: the shape of a SPI endToEndId. */
export function endToEndId(now: Date) {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 12);
  return `E99999999${stamp}${randomBytes(8).toString('hex').slice(0, 11).toUpperCase()}`;
}

/** The API Pix answers errors as RFC 7807 problems. */
export const problem = (reply: FastifyReply, status: number, title: string) =>
  reply.status(status).type('application/problem+json').send({ type: 'about:blank', title, status });

export type PixChargeRow = typeof sandboxPixCharges.$inferSelect;

export function toCob(row: PixChargeRow): Cob {
  return {
    txid: row.txid,
    status: row.status as CobStatus,
    calendario: { criacao: row.createdAt.toISOString(), expiracao: row.expiracao },
    valor: { original: centsToPix(row.amountCents) },
    chave: row.chave,
    pixCopiaECola: row.pixCopiaECola,
    ...(row.endToEndId && row.paidAt && row.paidCents !== null
      ? {
          pix: [
            {
              endToEndId: row.endToEndId,
              txid: row.txid,
              valor: centsToPix(row.paidCents),
              horario: row.paidAt.toISOString(),
            },
          ],
        }
      : {}),
  };
}
