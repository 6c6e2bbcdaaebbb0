import { createHash } from 'node:crypto';
import { conflict } from './app-error';

/**
 * The one Idempotency-Key rule of every route that takes the header: the same key with the same
 * body answers the first request's result again, and the same key with another body is a 409 that
 * changes nothing (never the first result, which would tell the caller their second request was
 * done). Each module keeps the hash next to the key it already stores.
 */

export const KEY_REUSED_MESSAGE =
  'Esta Idempotency-Key já foi usada em outro pedido, com outros dados. Gere uma nova chave para cada operação.';

/**
 * The hash of a request's body as the route's schema parsed it (the keys in the schema's order,
 * so the same request hashes the same however its JSON was written).
 */
export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * Throws the 409 when what was kept under the key came with another body. A row kept before the
 * hash was (null) is taken as the same request, as it always was.
 */
export function assertSameRequest(kept: { hash: string | null }, hash: string) {
  if (kept.hash !== null && kept.hash !== hash) throw conflict(KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED');
}
