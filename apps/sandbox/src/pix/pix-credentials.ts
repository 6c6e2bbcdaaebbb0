import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * OAuth2 client credentials as a PSP checks them: Basic client id and secret for a token, then
 * Bearer tokens that expire. Tokens are signed, not stored; revoking bumps the signing epoch.
 */
export function pixCredentials(clientId: string, clientSecret: string, ttlSeconds: number) {
  let issued = 0;
  let epoch = 0;
  const sign = (payload: string) =>
    createHmac('sha256', clientSecret).update(`${epoch}.${payload}`).digest('base64url');
  return {
    issueToken() {
      issued += 1;
      const expires = String(Date.now() + ttlSeconds * 1000);
      return `${expires}.${sign(expires)}`;
    },
    validToken(header: string | undefined) {
      const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
      const [expires, signature] = token.split('.');
      if (!expires || !signature || Number(expires) < Date.now()) return false;
      const expected = Buffer.from(sign(expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    validClient(header: string | undefined) {
      const given = Buffer.from(header?.startsWith('Basic ') ? header.slice(6) : '', 'base64').toString();
      const expected = `${clientId}:${clientSecret}`;
      return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    },
    issued: () => issued,
    revoke() {
      epoch += 1;
    },
  };
}
