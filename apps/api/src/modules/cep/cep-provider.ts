import { z } from 'zod';

/** An address as a CEP service knows it; names as the service spells them. */
export interface CepAddress {
  cep: string;
  uf: string;
  city: string;
  district: string;
  street: string;
}

/** Resolves a CEP (8 digits): the address, null for a CEP the service does not know; throws CepUnavailableError. */
export interface CepProvider {
  lookup(cep: string): Promise<CepAddress | null>;
}

/** The service did not answer in time, answered an error or something unreadable. */
export class CepUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`CEP service unavailable: ${reason}`, options);
    this.name = 'CepUnavailableError';
  }
}

/** BrasilAPI's /api/cep/v2/{cep} answer; small-town CEPs come without street or neighbourhood. */
const brasilApiAnswer = z.object({
  cep: z.string(),
  state: z.string().length(2),
  city: z.string().min(1),
  neighborhood: z.string().nullish(),
  street: z.string().nullish(),
});

export interface HttpCepProviderSettings {
  /** Base URL to which `/{cep}` is appended, e.g. https://brasilapi.com.br/api/cep/v2 */
  baseUrl: string;
  timeoutMs: number;
}

/** Speaks BrasilAPI v2: 200 with the address, 404 for an unknown CEP, anything else an outage. */
export function httpCepProvider({ baseUrl, timeoutMs }: HttpCepProviderSettings): CepProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async lookup(cep) {
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(`${base}/${cep}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (response.status === 404) {
          await response.body?.cancel();
          return null;
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw new CepUnavailableError(`status ${response.status}`);
        }
        body = await response.json();
      } catch (error) {
        if (error instanceof CepUnavailableError) throw error;
        throw new CepUnavailableError(error instanceof Error ? error.name : 'request failed', { cause: error });
      }
      const parsed = brasilApiAnswer.safeParse(body);
      if (!parsed.success) throw new CepUnavailableError('unexpected answer');
      const { state, city, neighborhood, street } = parsed.data;
      return { cep, uf: state.toUpperCase(), city, district: neighborhood?.trim() ?? '', street: street?.trim() ?? '' };
    },
  };
}

export interface CepCacheSettings {
  /** How long a found address is kept. */
  foundTtlMs: number;
  /** How long "unknown CEP" is kept (new CEPs appear; keep it shorter). */
  unknownTtlMs: number;
  maxEntries: number;
  now?: () => number;
}

/**
 * Keeps answers (found and unknown, never outages) in memory and joins parallel lookups of the
 * same CEP into one request. Oldest entries go first when full.
 */
export function cachedCepProvider(inner: CepProvider, settings: CepCacheSettings): CepProvider {
  const now = settings.now ?? Date.now;
  const entries = new Map<string, { value: CepAddress | null; expiresAt: number }>();
  const inFlight = new Map<string, Promise<CepAddress | null>>();
  return {
    async lookup(cep) {
      const cached = entries.get(cep);
      if (cached && cached.expiresAt > now()) return cached.value;
      if (cached) entries.delete(cep);
      const pending = inFlight.get(cep);
      if (pending) return pending;
      const request = inner
        .lookup(cep)
        .then((value) => {
          if (entries.size >= settings.maxEntries) {
            const oldest = entries.keys().next().value;
            if (oldest !== undefined) entries.delete(oldest);
          }
          entries.set(cep, {
            value,
            expiresAt: now() + (value ? settings.foundTtlMs : settings.unknownTtlMs),
          });
          return value;
        })
        .finally(() => inFlight.delete(cep));
      inFlight.set(cep, request);
      return request;
    },
  };
}
