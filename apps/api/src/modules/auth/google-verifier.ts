import { emailField } from '@petshop/domain';
import { createRemoteJWKSet, errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { GoogleIdentity } from '../users/google-ticket';

export const INVALID_GOOGLE_TOKEN = 'INVALID_GOOGLE_TOKEN';

export interface GoogleVerifierSettings {
  clientId: string;
  jwksUrl: string;
  issuers: string[];
  /** After a key-set fetch, how long an unknown `kid` is rejected before it may trigger another fetch. */
  cooldownMs?: number;
  /** How long a key-set fetch may take before it is aborted. */
  timeoutMs?: number;
  /** Told why the key set could not be had (network, timeout, bad answer), for the log. */
  onKeySetError?: (error: unknown) => void;
}

/** Checks a Google ID token and returns the identity it vouches for; throws AppError 401 or 503. */
export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity>;

const invalidToken = () => new AppError(401, INVALID_GOOGLE_TOKEN, 'Não foi possível validar o login com o Google.');
const keySetUnavailable = () =>
  new AppError(503, 'GOOGLE_UNAVAILABLE', 'Login com o Google indisponível no momento. Tente novamente.');

/** These mean the token names no key we trust: the token's fault, not an outage. */
const isTokenKeyError = (error: unknown) =>
  error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys;

const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function createGoogleVerifier(settings: GoogleVerifierSettings): GoogleVerifier {
  // One key set per verifier: jose caches the keys and refetches on an unknown kid once the cooldown is over.
  const remote = createRemoteJWKSet(new URL(settings.jwksUrl), {
    cooldownDuration: settings.cooldownMs ?? 30_000,
    timeoutDuration: settings.timeoutMs ?? 5_000,
  });
  const keys: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      if (isTokenKeyError(error)) throw error;
      settings.onKeySetError?.(error);
      throw keySetUnavailable();
    }
  };

  return async (credential) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(credential, keys, {
        issuer: settings.issuers,
        audience: settings.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'sub'],
      }));
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw invalidToken();
    }
    const email = emailField.safeParse(payload.email);
    if (payload.email_verified !== true || !email.success) throw invalidToken();
    return { email: email.data, name: optionalText(payload.name) ?? '', photoURL: optionalText(payload.picture) };
  };
}

/** The app's verifier, or undefined when GOOGLE_CLIENT_ID is not set. */
export function googleVerifierFromConfig(config: Config, onKeySetError?: (error: unknown) => void) {
  if (!config.GOOGLE_CLIENT_ID) return undefined;
  return createGoogleVerifier({
    clientId: config.GOOGLE_CLIENT_ID,
    jwksUrl: config.GOOGLE_JWKS_URL,
    issuers: config.GOOGLE_ISSUERS.split(',')
      .map((issuer) => issuer.trim())
      .filter(Boolean),
    onKeySetError,
  });
}
