import { readFileSync } from 'node:fs';
import { Agent, type Dispatcher, fetch } from 'undici';
import { PspRefusedError, PspUnavailableError } from './psp-errors';

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

/** JSON over HTTPS to a PSP's API Pix: one call, undefined for a 404. */
export interface PixTransport {
  call<T>(method: string, path: string, body?: unknown): Promise<T | undefined>;
  close(): Promise<void>;
}

/**
 * What every API Pix client shares (immediate charges and Pix Automático): the mTLS certificate,
 * the OAuth2 client-credentials token (cached, renewed once on a 401) and how answers map to errors.
 */
export function createPixTransport(options: PixApiOptions): PixTransport {
  const dispatcher: Dispatcher | undefined = options.certPath
    ? new Agent({ connect: { pfx: readFileSync(options.certPath), passphrase: options.certPassword } })
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

  return {
    call,
    async close() {
      await dispatcher?.close();
    },
  };
}
