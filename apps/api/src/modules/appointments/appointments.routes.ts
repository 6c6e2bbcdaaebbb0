import {
  appointment,
  appointmentBody,
  appointmentStatusBody,
  availabilityQuery,
  idParam,
  paginationQuery,
  rescheduleBody,
  staffAppointment,
} from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import * as service from './appointments.service';

/** Booking: own appointments for everyone, every upcoming one for admins. */
export const appointmentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['Agendamentos'];
  const security = [{ bearer: [] }];

  app.post(
    '/appointments',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Agendar um serviço para um pet do usuário',
        security,
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
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Meus agendamentos ativos, do mais próximo ao mais distante',
        security,
        response: { 200: listEnvelope(appointment), ...authErrors },
      },
    },
    async (request) => ({ data: await service.listOwn(db, currentUser(request)) }),
  );

  app.get(
    '/appointments/all',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Agendamentos de hoje em diante, menos os cancelados (admin)',
        security,
        querystring: paginationQuery,
        response: { 200: listEnvelope(staffAppointment), ...authErrors },
      },
    },
    async (request) => paged(await service.listUpcoming(db, request.query), request.query),
  );

  app.get(
    '/appointments/availability',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Horários livres de um funcionário num dia',
        security,
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
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Ver um agendamento (o próprio, ou qualquer um para admin)',
        security,
        params: idParam,
        response: { 200: envelope(appointment), ...authErrors },
      },
    },
    async (request) => ({ data: await service.get(db, currentUser(request), request.params.id) }),
  );

  app.put(
    '/appointments/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Remarcar (data e horário)',
        security,
        params: idParam,
        body: rescheduleBody,
        response: { 200: envelope(appointment), ...authErrors, 409: errorBody },
      },
    },
    async (request) => ({
      data: await service.reschedule(db, currentUser(request), request.params.id, request.body),
      message: 'Agendamento atualizado com sucesso!',
    }),
  );

  app.put(
    '/appointments/:id/status',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Mudar o status (admin): Agendado → Em atendimento → Concluído, Não compareceu ou Cancelado',
        security,
        params: idParam,
        body: appointmentStatusBody,
        response: { 200: envelope(appointment), ...authErrors, 409: errorBody },
      },
    },
    async (request) => ({
      data: await service.setStatus(db, currentUser(request), request.params.id, request.body),
      message: 'Status do agendamento atualizado.',
    }),
  );

  app.delete(
    '/appointments/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Cancelar (o registro fica, com status cancelado)',
        security,
        params: idParam,
        response: { 200: envelope(appointment), ...authErrors, 409: errorBody },
      },
    },
    async (request) => ({
      data: await service.cancel(db, currentUser(request), request.params.id),
      message: 'Agendamento cancelado com sucesso!',
    }),
  );
};
