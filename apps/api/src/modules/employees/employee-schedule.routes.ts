import { employeeSchedule, employeeScheduleBody, idParam } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope } from '../../lib/http';
import * as service from './employee-schedule.service';

/** An employee's working hours per weekday and days off (admin only). */
export const employeeScheduleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['Funcionários'];
  const security = [{ bearer: [] }];

  app.get(
    '/employers/:id/schedule',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Horários de trabalho e folgas de um funcionário (admin)',
        description: 'Sem horários definidos, o funcionário trabalha de segunda a sábado, das 08:00 às 18:00.',
        security,
        params: idParam,
        response: { 200: envelope(employeeSchedule), ...authErrors },
      },
    },
    async (request) => ({ data: await service.get(db, request.params.id) }),
  );

  app.put(
    '/employers/:id/schedule',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Definir os horários de trabalho e as folgas (substitui tudo; admin)',
        description:
          'weekday 0 é domingo; um dia da semana fora de `week` é folga toda semana. Agendamentos já feitos não mudam.',
        security,
        params: idParam,
        body: employeeScheduleBody,
        response: { 200: envelope(employeeSchedule), ...authErrors },
      },
    },
    async (request) => ({
      data: await service.replace(db, request.params.id, request.body),
      message: 'Horários salvos com sucesso!',
    }),
  );
};
