import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

export const GOOGLE_TEST_CLIENT_ID = 'test-client.apps.googleusercontent.com';
export const GOOGLE_TEST_ISSUER = 'https://accounts.google.com';

export interface SigningKey {
  kid: string;
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
  jwk: JWK;
}

/** How the key-set endpoint answers: normally, with a 500, by dropping the connection, or never. */
export type KeySetMode = 'ok' | 'server-error' | 'hang-up' | 'stall';

export interface IdTokenOptions {
  key?: SigningKey;
  /** The `kid` header; defaults to the signing key's own. */
  kid?: string;
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;

export async function createSigningKey(kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A local stand-in for Google: real RSA keys, a JWKS served over HTTP on a port the OS picks,
 * and ID tokens shaped like Google's.
 */
export async function startFakeGoogle() {
  const published = new Map<string, JWK>();
  let mode: KeySetMode = 'ok';
  let fetches = 0;

  const server = createServer((request, response) => {
    if (request.url !== '/certs') {
      response.writeHead(404).end();
      return;
    }
    fetches += 1;
    if (mode === 'stall') return;
    if (mode === 'hang-up') {
      request.socket.destroy();
      return;
    }
    if (mode === 'server-error') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('erro');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ keys: [...published.values()] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const jwksUrl = `http://127.0.0.1:${port}/certs`;

  const primary = await createSigningKey('google-key-1');
  published.set(primary.kid, primary.jwk);

  /** Google-like ID token claims; tests override what they need (an `undefined` value drops the claim). */
  const claims = (overrides: JWTPayload): JWTPayload => {
    const now = Math.floor(Date.now() / 1000);
    return {
      iss: GOOGLE_TEST_ISSUER,
      aud: GOOGLE_TEST_CLIENT_ID,
      azp: GOOGLE_TEST_CLIENT_ID,
      sub: String(100_000 + Math.floor(Math.random() * 900_000)),
      email_verified: true,
      name: 'Maria Souza',
      picture: 'https://lh3.googleusercontent.com/a/foto-maria',
      iat: now,
      exp: now + 3600,
      ...overrides,
    };
  };

  return {
    jwksUrl,
    primary,
    /** Environment for createTestContext that points the API at this stand-in. */
    env: { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl, GOOGLE_ISSUERS: GOOGLE_TEST_ISSUER },
    /** How many times the key set was requested. */
    get fetches() {
      return fetches;
    },
    setMode(next: KeySetMode) {
      mode = next;
    },
    publish(key: SigningKey) {
      published.set(key.kid, key.jwk);
    },
    claims,
    /** A Google-like ID token signed with `options.key` (default: the published primary key). */
    idToken(overrides: JWTPayload, options: IdTokenOptions = {}) {
      const key = options.key ?? primary;
      return new SignJWT(claims(overrides))
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? key.kid, typ: 'JWT' })
        .sign(key.privateKey);
    },
    /** The same claims with `alg: none` and an empty signature, made by hand. */
    unsignedToken(overrides: JWTPayload) {
      return `${base64url({ alg: 'none', kid: primary.kid, typ: 'JWT' })}.${base64url(claims(overrides))}.`;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
