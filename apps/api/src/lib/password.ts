import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt from node:crypto (no native add-on). N=2^15, r=8, p=1: ~32 MiB and ~60 ms a hash.
const N = 2 ** 15;
const r = 8;
const p = 1;
const KEY_LENGTH = 32;
const maxmem = 64 * 1024 * 1024;

const derive = (password: string, salt: Buffer, n: number, rr: number, pp: number) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r: rr, p: pp, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });

/** Returns `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(rr), Number(pp));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A real hash to compare against when the e-mail is unknown, so both failures take the same time. */
export const decoyHash = hashPassword(randomBytes(12).toString('hex'));
