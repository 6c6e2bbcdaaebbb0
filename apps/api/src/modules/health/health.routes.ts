import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { envelope, errorBody } from '../../lib/http';
import { PUBLIC, routeGroup } from '../../lib/route-group';
export const healthRoutes = routeGroup<{ db: Db }>(PUBLIC, async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['Operação'],
        summary: 'Saúde do serviço e do banco',
        response: {
          200: envelope(z.object({ status: z.literal('ok'), db: z.literal('ok') })),
          // The error body, plus the state a monitor reads in the same place as when all is well.
          503: errorBody.extend({ data: z.object({ status: z.literal('degraded'), db: z.literal('down') }) }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        return reply.code(503).send({
          message: 'Banco de dados indisponível.',
          code: 'DB_UNAVAILABLE',
          data: { status: 'degraded' as const, db: 'down' as const },
        });
      }
      return { data: { status: 'ok' as const, db: 'ok' as const } };
    },
  );
});
