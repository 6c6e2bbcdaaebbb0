import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { envelope, errorBody } from '../../lib/http';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Operação'],
        summary: 'Saúde do serviço e do banco',
        response: { 200: envelope(z.object({ status: z.literal('ok'), db: z.literal('ok') })), 503: errorBody },
      },
    },
    async () => {
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new AppError(503, 'DB_UNAVAILABLE', 'Banco de dados indisponível.');
      }
      return { data: { status: 'ok' as const, db: 'ok' as const } };
    },
  );
};
