import { businessMoment, CREDIT_EXPIRY_NOTICE_DAYS, type ExpiringCredit } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import * as messages from '../messages/messages.service';
import * as users from '../users/users.service';
import * as jobs from './package-credit-jobs.repository';
import * as repo from './packages.repository';

const DAY_MS = 86_400_000;

/** Locks the grant and writes off what is left of it; the number written off. */
export async function writeOff(tx: Tx, creditId: number, reason: 'expiracao' | 'estorno') {
  if (!(await repo.lockGrant(tx, creditId))) return 0;
  const left = await repo.balance(tx, creditId);
  if (left <= 0) return 0;
  await repo.insertEntry(tx, { creditId, delta: -left, reason });
  return left;
}

/** Credits with something left that expire within `days` (the dashboard). */
export async function expiring(db: Db, days: number, now = new Date()): Promise<ExpiringCredit[]> {
  const rows = await jobs.expiringBetween(db, now, new Date(now.getTime() + days * DAY_MS));
  return rows.map((row) => ({
    id: row.id,
    packageName: row.packageName,
    packageId: row.packageId,
    serviceId: row.serviceId,
    remaining: Number(row.remaining),
    expiresAt: row.expiresAt.toISOString(),
    petId: row.petId,
    petName: row.petName,
    customerName: row.customerName,
  }));
}

/**
 * The expiry job: every grant past its expiry with credits left gets an 'expiracao' entry for what
 * is left. Each grant is locked and its balance read again, so a second run, or another instance at
 * the same time, writes nothing more.
 */
export async function voidExpired(db: Db, now = new Date(), limit = 200) {
  let voided = 0;
  for (const { id } of await jobs.expiredWithBalance(db, now, limit)) {
    voided += await db.transaction((tx) => writeOff(tx, id, 'expiracao'));
  }
  return voided;
}

/**
 * The customer is told CREDIT_EXPIRY_NOTICE_DAYS before credits expire: one message per grant,
 * claimed by a conditional update in the message's transaction.
 */
export async function writeExpiryNotices(db: Db, now = new Date(), limit = 200) {
  const until = new Date(now.getTime() + CREDIT_EXPIRY_NOTICE_DAYS * DAY_MS);
  let written = 0;
  for (const row of await jobs.dueForNotice(db, now, until, limit)) {
    const done = await db.transaction(async (tx) => {
      if (!(await jobs.claimNotice(tx, row.id, now))) return false;
      await messages.enqueue(tx, {
        kind: 'credits-expiring',
        to: await users.messageRecipient(tx, row.userId),
        eventKey: `credits:${row.id}:expiring`,
        payload: {
          creditId: row.id,
          petName: row.petName,
          packageName: row.packageName,
          remaining: Number(row.remaining),
          expiresOn: businessMoment(row.expiresAt).date,
        },
      });
      return true;
    });
    if (done) written += 1;
  }
  return written;
}

/** The credit job: expired credits voided, then the notices of those about to expire. */
export async function runCreditJobs(db: Db, now = new Date()) {
  const voided = await voidExpired(db, now);
  const notices = await writeExpiryNotices(db, now);
  return { voided, notices };
}
