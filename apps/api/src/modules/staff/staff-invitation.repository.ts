import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { staffInvitations } from '../../db/schema';

export async function insertInvitation(
  tx: Tx,
  values: {
    userId: number;
    employeeId: number;
    storeId: number;
    role: string;
    tokenHash: string;
    invitedBy: number;
    expiresAt: Date;
  },
) {
  const [row] = await tx.insert(staffInvitations).values(values).returning({ id: staffInvitations.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/** Marks the invitation accepted if it is open and unexpired; of two parallel uses, one gets the row. */
export const acceptOpenInvitation = async (tx: Tx, tokenHash: string) =>
  (
    await tx
      .update(staffInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(
        and(
          eq(staffInvitations.tokenHash, tokenHash),
          isNull(staffInvitations.acceptedAt),
          gt(staffInvitations.expiresAt, sql`now()`),
        ),
      )
      .returning({
        id: staffInvitations.id,
        userId: staffInvitations.userId,
        employeeId: staffInvitations.employeeId,
        storeId: staffInvitations.storeId,
        role: staffInvitations.role,
      })
  )[0];

/** LGPD erasure: every invitation sent to the account. */
export const deleteInvitationsTo = (tx: Tx, userId: number) =>
  tx.delete(staffInvitations).where(eq(staffInvitations.userId, userId));
