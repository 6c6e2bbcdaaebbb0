import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { envelope, errorBody } from '../../lib/http';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
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
};
