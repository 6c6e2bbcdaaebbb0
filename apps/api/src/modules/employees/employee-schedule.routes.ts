import { employeeSchedule, employeeScheduleBody, idParam, ROLES } from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import { assertEmployeeReach } from './employee-accounts.service';
import * as service from './employee-schedule.service';
/** An employee's working hours per weekday and days off (the owner; a manager for their stores' employees). */
export const employeeScheduleRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin, ROLES.manager), async (app, { db }) => {
  const tags = ['Funcionários'];

  app.get(
    '/employers/:id/schedule',
    {
      schema: {
        operationId: 'getEmployeeSchedule',
        tags,
        summary: 'Horários de trabalho e folgas de um funcionário (admin)',
        description: 'Sem horários definidos, o funcionário trabalha de segunda a sábado, das 08:00 às 18:00.',
        params: idParam,
        response: { 200: envelope(employeeSchedule), ...authErrors },
      },
    },
    async (request) => {
      await assertEmployeeReach(db, currentUser(request), request.params.id);
      return { data: await service.get(db, request.params.id) };
    },
  );

  app.put(
    '/employers/:id/schedule',
    {
      schema: {
        operationId: 'setEmployeeSchedule',
        tags,
        summary: 'Definir os horários de trabalho e as folgas (substitui tudo; admin)',
        description:
          'weekday 0 é domingo; um dia da semana fora de `week` é folga toda semana. Agendamentos já feitos não mudam.',
        params: idParam,
        body: employeeScheduleBody,
        response: { 200: envelope(employeeSchedule), ...authErrors },
      },
    },
    async (request) => {
      await assertEmployeeReach(db, currentUser(request), request.params.id);
      return {
        data: await service.replace(db, request.params.id, request.body, actorOf(request)),
        message: 'Horários salvos com sucesso!',
      };
    },
  );
});
