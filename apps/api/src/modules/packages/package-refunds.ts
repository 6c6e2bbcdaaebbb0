import type { Tx } from '../../db/client';
import { conflict } from '../../lib/app-error';
import * as repo from './packages.repository';
import type { CreditSource } from './packages.schema';

/** Money going back for a package: what went back before, what goes back now, of what was paid. */
export interface RefundShare {
  refundedCents: number;
  amountCents: number;
  paidCents: number;
}

/** The whole package comes back (a counter return, a cancelled order). */
export const WHOLE: RefundShare = { refundedCents: 0, amountCents: 1, paidCents: 1 };

const CREDITS_USED_MESSAGE =
  'Os créditos deste pacote já foram usados ou venceram: restam menos créditos sem uso do que este reembolso devolveria.';

/**
 * The one rule for money that goes back for a package, at the counter or on the web: its unused
 * credits are voided first ('estorno'), enough whole credits to be worth at least everything given
 * back so far (all of them once all the money is back). With fewer unused credits than that left,
 * nothing changes: 'short', and the caller refuses the refund. Every grant of the sale is locked
 * before its balance is read, so a booking or a second refund racing this one waits and sees it.
 */
export async function withdrawForRefund(
  tx: Tx,
  source: CreditSource,
  ref: string,
  share: RefundShare,
): Promise<'voided' | 'short' | 'none'> {
  const pool: { id: number; credits: number; left: number; voided: number }[] = [];
  for (const { id } of await repo.findGrantsByRef(tx, source, ref)) {
    const locked = await repo.lockGrant(tx, id);
    if (locked)
      pool.push({
        id,
        credits: locked.credits,
        left: await repo.balance(tx, id),
        voided: await repo.writtenOff(tx, id),
      });
  }
  if (pool.length === 0) return 'none';
  const sum = (pick: (grant: (typeof pool)[number]) => number) => pool.reduce((n, grant) => n + pick(grant), 0);
  const credits = sum((grant) => grant.credits);
  const back = Math.min(share.refundedCents + share.amountCents, share.paidCents);
  const needed = share.paidCents > 0 ? Math.ceil((back * credits) / share.paidCents) : credits;
  let toVoid = needed - sum((grant) => grant.voided);
  if (toVoid > sum((grant) => grant.left)) return 'short';
  for (const grant of pool) {
    const take = Math.min(grant.left, toVoid);
    if (take <= 0) continue;
    await repo.insertEntry(tx, { creditId: grant.id, delta: -take, reason: 'estorno' });
    toVoid -= take;
  }
  return 'voided';
}

/** `withdrawForRefund`, refusing (409 PACKAGE_CREDITS_USED, nothing changed) when too few unused credits are left. */
export async function withdrawOrRefuse(
  tx: Tx,
  source: CreditSource,
  ref: string,
  share: RefundShare,
  message = CREDITS_USED_MESSAGE,
) {
  if ((await withdrawForRefund(tx, source, ref, share)) === 'short') throw conflict(message, 'PACKAGE_CREDITS_USED');
}
