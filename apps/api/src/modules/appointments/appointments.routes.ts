import {
  appointment,
  appointmentBody,
  appointmentStatusBody,
  availabilityQuery,
  idParam,
  paginationQuery,
  ROLES,
  rescheduleBody,
  staffAppointment,
} from '@petshop/domain';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import { CUSTOMER, routeGroup, staff } from '../../lib/route-group';
import { actorOf, staffActor } from '../audit/audit.service';
import { setStatus } from './appointment-status';
import * as service from './appointments.service';
/** Booking: own appointments for everyone, every upcoming one for admins. */
export const appointmentsRoutes = routeGroup<{ db: Db; config: Config }>(CUSTOMER, async (app, { db, config }) => {
  const tags = ['Agendamentos'];

  app.post(
    '/appointments',
    {
      schema: {
        operationId: 'createAppointment',
        tags,
        summary: 'Agendar um serviço para um pet do usuário',
        body: appointmentBody,
        response: { 201: envelope(appointment), ...authErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const created = await service.book(db, currentUser(request), request.body);
      return reply.status(201).send({ data: created, message: 'Agendamento realizado com sucesso!' });
    },
  );

  app.get(
    '/appointments',
    {
      schema: {
        operationId: 'listMyAppointments',
        tags,
        summary: 'Meus agendamentos ativos, do mais próximo ao mais distante',
        response: { 200: listEnvelope(appointment), ...authErrors },
      },
    },
    async (request) => ({ data: await service.listOwn(db, currentUser(request)) }),
  );

  app.get(
    '/appointments/history',
    {
      schema: {
        operationId: 'listMyPastAppointments',
        tags,
        summary: 'Meus agendamentos concluídos, perdidos (não compareceu) e cancelados, do mais recente ao mais antigo',
        querystring: paginationQuery,
        response: { 200: listEnvelope(appointment), ...authErrors },
      },
    },
    async (request) => paged(await service.listClosedOwn(db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/appointments/availability',
    {
      schema: {
        operationId: 'getAvailability',
        tags,
        summary: 'Horários livres de um funcionário num dia',
        querystring: availabilityQuery,
        response: { 200: envelope(z.array(z.string())), ...authErrors },
      },
    },
    async (request) => ({
      data: await service.availability(db, request.query.employer_id, request.query.date),
    }),
  );

  app.get(
    '/appointments/:id',
    {
      schema: {
        operationId: 'getAppointment',
        tags,
        summary: 'Ver um agendamento (o próprio, ou qualquer um para admin)',
        params: idParam,
        response: { 200: envelope(appointment), ...authErrors },
      },
    },
    async (request) => ({ data: await service.get(db, currentUser(request), request.params.id) }),
  );

  app.put(
    '/appointments/:id',
    {
      schema: {
        operationId: 'rescheduleAppointment',
        tags,
        summary: 'Remarcar (data e horário)',
        params: idParam,
        body: rescheduleBody,
        response: { 200: envelope(appointment), ...authErrors, 409: errorBody },
      },
    },
    async (request) => ({
      data: await service.reschedule(db, currentUser(request), request.params.id, request.body, staffActor(request)),
      message: 'Agendamento atualizado com sucesso!',
    }),
  );

  app.delete(
    '/appointments/:id',
    {
      schema: {
        operationId: 'cancelAppointment',
        tags,
        summary: 'Cancelar (o registro fica, com status cancelado)',
        params: idParam,
        response: { 200: envelope(appointment), ...authErrors, 409: errorBody },
      },
    },
    async (request) => ({
      data: await service.cancel(
        db,
        currentUser(request),
        request.params.id,
        staffActor(request),
        config.CANCEL_MIN_HOURS,
      ),
      message: 'Agendamento cancelado com sucesso!',
    }),
  );
});

/**
 * The staff's list, and booking for a customer (on the phone, at the desk): the owner every store,
 * a manager or receptionist their stores.
 */
export const appointmentsAdminRoutes = routeGroup<{ db: Db }>(
  staff(ROLES.admin, ROLES.manager, ROLES.reception),
  async (app, { db }) => {
    const tags = ['Agendamentos'];

    app.post(
      '/user/:id/appointments',
      {
        schema: {
          operationId: 'createAppointmentForCustomer',
          tags,
          summary:
            'Agendar para um cliente, com um pet dele (admin; gerente e atendente: funcionários das suas lojas); as mesmas regras do agendamento do cliente',
          params: idParam,
          body: appointmentBody,
          response: { 201: envelope(appointment), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const created = await service.bookFor(
          db,
          currentUser(request),
          request.params.id,
          request.body,
          actorOf(request),
        );
        return reply.status(201).send({ data: created, message: 'Agendamento realizado com sucesso!' });
      },
    );

    app.get(
      '/appointments/all',
      {
        schema: {
          operationId: 'listUpcomingAppointments',
          tags,
          summary: 'Agendamentos de hoje em diante, menos os cancelados (admin; gerente e atendente: das suas lojas)',
          querystring: paginationQuery,
          response: { 200: listEnvelope(staffAppointment), ...authErrors },
        },
      },
      async (request) => paged(await service.listUpcoming(db, currentUser(request), request.query), request.query),
    );
  },
);

/** Status moves and notes: every staff role; a professional on their own appointments only. */
export const appointmentStatusRoutes = routeGroup<{ db: Db; config: Config }>(
  staff(ROLES.admin, ROLES.manager, ROLES.reception, ROLES.professional),
  async (app, { db, config }) => {
    const tags = ['Agendamentos'];

    app.put(
      '/appointments/:id/status',
      {
        schema: {
          operationId: 'setAppointmentStatus',
          tags,
          summary:
            'Mudar o status (equipe; o profissional só nos próprios): Agendado → Em atendimento → Concluído, Não compareceu ou Cancelado',
          params: idParam,
          body: appointmentStatusBody,
          response: { 200: envelope(appointment), ...authErrors, 409: errorBody },
        },
      },
      async (request) => ({
        data: await setStatus(
          db,
          currentUser(request),
          request.params.id,
          request.body,
          actorOf(request),
          config.CANCEL_MIN_HOURS,
        ),
        message: 'Status do agendamento atualizado.',
      }),
    );
  },
);
