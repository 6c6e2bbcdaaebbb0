import { randomInt } from 'node:crypto';
import { ROLES } from '@petshop/domain';
import { ensureAdmin } from '../../modules/users/admin-account';
import { findCredentialsByEmail } from '../../modules/users/users.service';
import type { Db } from '../client';

/** The back-office account of a demo install, made once with the demo data. */
export const DEMO_OWNER_EMAIL = 'dono@petcare.local';

/** No 0/O, 1/l/I: the password is read off a terminal and typed by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Three groups of four (about 69 bits), e.g. `k7Qm-x2Rt-9hWb`. */
export function readablePassword() {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return [group(), group(), group()].join('-');
}

/**
 * Creates the demo owner with a fresh random password and returns it: the only moment it exists
 * in clear text. The database keeps its hash, like any other account's.
 */
export async function createDemoOwner(db: Db) {
  const password = readablePassword();
  await ensureAdmin(db, DEMO_OWNER_EMAIL, password);
  return { email: DEMO_OWNER_EMAIL, password };
}

/** Whether the demo owner still exists as an admin (it may have been deleted or demoted since). */
export async function demoOwnerExists(db: Db) {
  const owner = await findCredentialsByEmail(db, DEMO_OWNER_EMAIL);
  return owner?.role === ROLES.admin;
}
