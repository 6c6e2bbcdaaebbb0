import { PAYMENT_STATUS } from '@petshop/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { payments } from '../../db/schema';

/** The ledger's side of the counter's payments: what the sale shows and a return splits. */
export const findMany = (db: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: payments.id,
          method: payments.method,
          totalCents: payments.totalCents,
          status: payments.status,
          refundedCents: payments.refundedCents,
          txid: payments.txid,
          details: payments.details,
          installments: payments.installments,
          nsu: payments.nsu,
          authorizationCode: payments.authorizationCode,
        })
        .from(payments)
        .where(inArray(payments.id, ids));

/** Cash and terminal card held while the sale waited for its Pix: received now. Pix moves only by the PSP's word. */
export const settleHeld = (tx: Tx, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve()
    : tx
        .update(payments)
        .set({ status: PAYMENT_STATUS.approved, settledAt: new Date() })
        .where(and(inArray(payments.id, ids), eq(payments.status, PAYMENT_STATUS.pending), ne(payments.method, 'Pix')))
        .then(() => undefined);
