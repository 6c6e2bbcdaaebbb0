import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import { PUBLIC, routeGroup } from '../../lib/route-group';
import { backupKey, dumpEmbedded, embeddedClient } from './backup.service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameKey = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `GET /api/admin/backup`: the embedded database as a gzipped tar, for `npm run backup` on the
 * same machine while the shop runs. Not part of the public API (hidden from OpenAPI): answered only
 * on a loopback connection (the socket's own address, whatever a proxy says) and only to the key
 * `npm run backup` derives from JWT_SECRET; 404 on PostgreSQL, whose backups are pg_dump's. No session:
 * its own key is its guard.
 */
export const backupRoutes = routeGroup<{ db: Db; config: Config }>(PUBLIC, async (app, { db, config }) => {
  const client = embeddedClient(db);
  const key = backupKey(config);
  app.get('/admin/backup', { schema: { hide: true } }, async (request, reply) => {
    if (!client || !LOOPBACK.has(request.socket.remoteAddress ?? '')) return reply.callNotFound();
    const header = request.headers.authorization ?? '';
    if (!sameKey(header.startsWith('Bearer ') ? header.slice(7) : '', key)) {
      throw unauthorized('Chave de cópia de segurança inválida.');
    }
    const started = Date.now();
    const dump = await dumpEmbedded(client);
    request.log.info({ bytes: dump.size, ms: Date.now() - started }, 'embedded database backup taken');
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="petshop.tar.gz"')
      .type('application/gzip')
      .send(Buffer.from(await dump.arrayBuffer()));
  });
});
