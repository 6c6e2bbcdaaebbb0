import {
  changeWeekdayBody,
  idempotencyHeaders,
  idField,
  idParam,
  planBody,
  planView,
  ROLES,
  recurringRevenueView,
  refundBody,
  refundResult,
  subscribeBody,
  subscriptionsQuery,
  subscriptionView,
} from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import { CUSTOMER, PUBLIC, routeGroup, staff } from '../../lib/route-group';
import { actorOf, staffActor } from '../audit/audit.service';
import type { PlanPayments } from '../payments/plan-payments';
import { refundCycle } from './cycle-refunds';
import * as service from './plans.service';
import { subscribe } from './subscribing';
import { cancel, changeWeekday, pause, resume } from './subscription-changes';

const tags = ['Planos e assinaturas'];

export const plansRoutes = routeGroup<{ db: Db }>(PUBLIC, async (app, { db }) => {
  app.get(
    '/plans',
    {
      schema: {
        operationId: 'listPlans',
        tags,
        summary: 'Planos de assinatura ativos (preço por ciclo)',
        response: { 200: listEnvelope(planView) },
      },
    },
    async () => ({ data: await service.listActivePlans(db) }),
  );
});

const cycleParams = idParam.extend({ cycleId: idField() });

export const plansAdminRoutes = routeGroup<{ db: Db; planPayments: PlanPayments }>(
  staff(ROLES.admin),
  async (app, { db, planPayments }) => {
    app.get(
      '/plans/all',
      {
        schema: {
          operationId: 'listAllPlans',
          tags,
          summary: 'Todos os planos, ativos e inativos (admin)',
          response: { 200: listEnvelope(planView), ...authErrors },
        },
      },
      async () => ({ data: await service.listAllPlans(db) }),
    );

    app.post(
      '/plans',
      {
        schema: {
          operationId: 'createPlan',
          tags,
          summary: 'Criar um plano de assinatura (admin)',
          body: planBody,
          response: { 201: envelope(planView), ...authErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await service.createPlan(db, request.body, actorOf(request)),
          message: 'Plano criado com sucesso!',
        }),
    );

    app.put(
      '/plans/:id',
      {
        schema: {
          operationId: 'updatePlan',
          tags,
          summary: 'Alterar um plano (admin): vale para novas assinaturas',
          params: idParam,
          body: planBody,
          response: { 200: envelope(planView), ...authErrors },
        },
      },
      async (request) => ({
        data: await service.updatePlan(db, request.params.id, request.body, actorOf(request)),
        message: 'Plano salvo com sucesso!',
      }),
    );

    app.get(
      '/subscriptions/all',
      {
        schema: {
          operationId: 'listAllSubscriptions',
          tags,
          summary: 'Assinaturas de todos os clientes, por status (admin)',
          querystring: subscriptionsQuery,
          response: { 200: listEnvelope(subscriptionView), ...authErrors },
        },
      },
      async (request) => {
        const { status, limit, offset } = request.query;
        return paged(await service.listAll(db, status, { limit, offset }), { limit, offset });
      },
    );

    app.get(
      '/admin/reports/recurring-revenue',
      {
        schema: {
          operationId: 'getRecurringRevenue',
          tags,
          summary: 'Receita recorrente das assinaturas ativas (admin)',
          response: { 200: envelope(recurringRevenueView), ...authErrors },
        },
      },
      async () => ({ data: await service.recurringRevenue(db) }),
    );

    app.post(
      '/subscriptions/:id/cycles/:cycleId/refund',
      {
        schema: {
          operationId: 'refundSubscriptionCycle',
          tags,
          summary: 'Reembolsar um ciclo pago de uma assinatura, todo ou em parte (sem amount: o que resta) (admin)',
          description:
            'Cartão: estorno no PSP; Pix Automático: devolução (API Pix v2). A soma dos reembolsos nunca passa do valor pago; ' +
            'o cabeçalho Idempotency-Key repete a resposta sem reembolsar de novo (outro corpo com a mesma chave → 409). ' +
            'O reembolso de tudo o que o ciclo pagou encerra o ciclo e libera o seu horário ainda por vir.',
          params: cycleParams,
          headers: idempotencyHeaders,
          body: refundBody,
          response: { 201: envelope(refundResult), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const data = await refundCycle(
          { db, payments: planPayments, log: request.log },
          actorOf(request),
          request.params.id,
          request.params.cycleId,
          request.body,
          request.headers['idempotency-key'],
        );
        const message =
          data.refund.status === 'concluido'
            ? 'Reembolso feito!'
            : data.refund.status === 'falhou'
              ? 'O PSP recusou o reembolso.'
              : 'Reembolso pedido ao PSP; a confirmação chega em instantes.';
        return reply.status(201).send({ data, message });
      },
    );
  },
);

export const subscriptionsRoutes = routeGroup<{
  db: Db;
  config: Config;
  planPayments: PlanPayments;
}>(CUSTOMER, async (app, { db, config, planPayments }) => {
  const deps = (log: FastifyBaseLogger) => ({ db, config, payments: planPayments, log });

  app.post(
    '/plans/:id/subscribe',
    {
      schema: {
        operationId: 'subscribeToPlan',
        tags,
        summary: 'Assinar um plano para um pet: agenda as próximas 8 semanas e pede a autorização do Pix Automático',
        params: idParam,
        body: subscribeBody,
        response: { 201: envelope(subscriptionView), ...authErrors, 409: errorBody, 503: errorBody },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await subscribe(deps(request.log), currentUser(request), request.params.id, request.body),
        message: 'Assinatura criada! Autorize o Pix Automático no app do seu banco.',
      }),
  );

  app.get(
    '/subscriptions',
    {
      schema: {
        operationId: 'listOwnSubscriptions',
        tags,
        summary: 'Minhas assinaturas, com as próximas datas',
        response: { 200: listEnvelope(subscriptionView), ...authErrors },
      },
    },
    async (request) => ({ data: await service.listOwn(db, currentUser(request)) }),
  );

  app.get(
    '/subscriptions/:id',
    {
      schema: {
        operationId: 'getSubscription',
        tags,
        summary: 'Uma assinatura (a própria; a equipe vê qualquer uma)',
        params: idParam,
        response: { 200: envelope(subscriptionView), ...authErrors },
      },
    },
    async (request) => ({ data: await service.get(db, currentUser(request), request.params.id) }),
  );

  const actions = [
    [
      'pause',
      pause,
      'pauseSubscription',
      'Pausar: libera os próximos horários e para as cobranças',
      'Assinatura pausada.',
    ],
    ['resume', resume, 'resumeSubscription', 'Retomar: agenda de novo as próximas 8 semanas', 'Assinatura retomada.'],
    ['cancel', cancel, 'cancelSubscription', 'Cancelar: libera todos os horários futuros', 'Assinatura cancelada.'],
  ] as const;
  for (const [action, run, operationId, summary, message] of actions) {
    app.post(
      `/subscriptions/:id/${action}`,
      {
        schema: {
          operationId,
          tags,
          summary,
          params: idParam,
          response: { 200: envelope(subscriptionView), ...authErrors, 409: errorBody },
        },
      },
      async (request) => ({
        data: await run(deps(request.log), currentUser(request), request.params.id, staffActor(request)),
        message,
      }),
    );
  }

  app.post(
    '/subscriptions/:id/weekday',
    {
      schema: {
        operationId: 'changeSubscriptionWeekday',
        tags,
        summary: 'Trocar o dia da semana (e o horário): os próximos horários passam para o novo dia',
        params: idParam,
        body: changeWeekdayBody,
        response: { 200: envelope(subscriptionView), ...authErrors, 409: errorBody },
      },
    },
    async (request) => ({
      data: await changeWeekday(
        deps(request.log),
        currentUser(request),
        request.params.id,
        request.body,
        staffActor(request),
      ),
      message: 'Dia da assinatura alterado.',
    }),
  );
});
