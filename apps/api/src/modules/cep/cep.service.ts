import { type CepView, foldText } from '@petshop/domain';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import * as repo from './cep.repository';
import { type CepProvider, CepUnavailableError } from './cep-provider';

export interface CepContext {
  db: Db;
  provider: CepProvider;
  limiter: RateLimiter;
  /** Lookups allowed per IP in the limiter's window. */
  maxPerWindow: number;
  onUnavailable?: (error: CepUnavailableError) => void;
}

const CEP_NOT_FOUND = 'CEP não encontrado. Confira o número ou preencha o endereço.';
export const CEP_UNAVAILABLE = 'A consulta de CEP está indisponível agora. Preencha o endereço manualmente.';

/** Folded, with spaces and dashes alike: "Embu-Guaçu" and "Embu Guacu" meet. */
const cityKey = (name: string) =>
  foldText(name)
    .replace(/[\s'-]+/g, ' ')
    .trim();

/** The address of a CEP with the shop's state and city ids (IBGE codes). */
export async function lookup(ctx: CepContext, ip: string, cep: string): Promise<CepView> {
  if ((await ctx.limiter.hit(`cep:ip:${ip}`)) > ctx.maxPerWindow) {
    throw new AppError(429, 'TOO_MANY_REQUESTS', 'Muitas consultas de CEP. Aguarde um minuto e tente novamente.');
  }
  let found: Awaited<ReturnType<CepProvider['lookup']>>;
  try {
    found = await ctx.provider.lookup(cep);
  } catch (error) {
    if (!(error instanceof CepUnavailableError)) throw error;
    ctx.onUnavailable?.(error);
    throw new AppError(503, 'CEP_UNAVAILABLE', CEP_UNAVAILABLE);
  }
  if (!found) throw notFound(CEP_NOT_FOUND);
  const state = await repo.findStateByUf(ctx.db, found.uf);
  if (!state) throw notFound(CEP_NOT_FOUND);
  const wanted = cityKey(found.city);
  const city = (await repo.listCitiesOf(ctx.db, state.id)).find((c) => cityKey(c.name) === wanted) ?? null;
  return { cep, street: found.street, district: found.district, city, state };
}
