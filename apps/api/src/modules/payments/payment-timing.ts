import { randomBytes } from 'node:crypto';

const DAY_MS = 86_400_000;
/** Brazil has kept UTC-3 all year since 2019. */
const SAO_PAULO_OFFSET_MS = 3 * 3_600_000;

/** 32 hex digits: a valid API Pix txid ([a-zA-Z0-9]{26,35}) chosen by the shop. */
export const newTxid = () => randomBytes(16).toString('hex');

/** The boleto is due `days` after today (São Paulo); it may still be paid through the next day. */
export function boletoDates(now: Date, days: number) {
  const localMidnight = Math.floor((now.getTime() - SAO_PAULO_OFFSET_MS) / DAY_MS) * DAY_MS;
  const due = new Date(localMidnight + days * DAY_MS);
  return {
    due,
    dueDate: due.toISOString().slice(0, 10),
    // End of the day after the due date, São Paulo time.
    expiresAt: new Date(due.getTime() + 2 * DAY_MS + SAO_PAULO_OFFSET_MS),
  };
}
