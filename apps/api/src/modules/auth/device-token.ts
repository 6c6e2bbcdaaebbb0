import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { derivedSecret } from '../../config';
import { sha256 } from '../../lib/sealed';

/** The cookie that marks a browser where an account signed in before. */
const DEVICE_COOKIE = 'petshop_device';
const DEVICE_DAYS = 180;
/** An unlock link's life: long enough to open the e-mail, short enough to be useless if leaked later. */
export const UNLOCK_MINUTES = 60;

/** Keys, logs and tokens name an account by a digest of its e-mail, never the address itself. */
export const accountTag = (email: string) => sha256(email.trim().toLowerCase()).slice(0, 16);

const sign = (secret: string, purpose: string, text: string) =>
  createHmac('sha256', derivedSecret(secret, purpose)).update(text).digest('base64url');

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** `deviceId.account.signature`: a random id for this browser, bound to one account. */
export function newDeviceToken(secret: string, account: string, deviceId = randomBytes(12).toString('base64url')) {
  const body = `${deviceId}.${account}`;
  return `${body}.${sign(secret, 'device-token', body)}`;
}

/** The device id when `token` is a genuine device token of `account`. */
export function knownDevice(secret: string, token: string | undefined, account: string): string | undefined {
  const [deviceId, tokenAccount, signature, ...rest] = (token ?? '').split('.');
  if (!deviceId || !signature || rest.length > 0 || tokenAccount !== account) return undefined;
  return sameText(signature, sign(secret, 'device-token', `${deviceId}.${account}`)) ? deviceId : undefined;
}

/** `account.expiry.signature`: opens GET /auth/device for an hour, for the account's owner. */
export function newUnlockToken(secret: string, account: string, now = Date.now()) {
  const body = `${account}.${(now + UNLOCK_MINUTES * 60_000).toString(36)}`;
  return `${body}.${sign(secret, 'unlock-link', body)}`;
}

/** The account an unlock token is for, while it is genuine and not expired. */
export function unlockedAccount(secret: string, token: string, now = Date.now()): string | undefined {
  const [account, expiry, signature, ...rest] = token.split('.');
  if (!account || !expiry || !signature || rest.length > 0) return undefined;
  if (!sameText(signature, sign(secret, 'unlock-link', `${account}.${expiry}`))) return undefined;
  return Number.parseInt(expiry, 36) > now ? account : undefined;
}

/** The device cookie's value in a Cookie header. */
export function deviceCookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=');
  }
  return undefined;
}

/** Set-Cookie for a device token: HttpOnly, sent only to the sign-in routes. */
export function deviceCookie(token: string, secure: boolean) {
  return [
    `${DEVICE_COOKIE}=${token}`,
    'Path=/api/auth',
    `Max-Age=${DEVICE_DAYS * 86_400}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
