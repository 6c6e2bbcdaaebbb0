import {
  expiringCredit,
  expiringCreditsQuery,
  idParam,
  packageBody,
  packageBuyBody,
  packageView,
  paymentResult,
  petCredit,
  ROLES,
} from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope, messageOnly } from '../../lib/http';
import { CUSTOMER, PUBLIC, routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import { payMessage } from '../orders/checkout.routes';
import type { PaymentProvider } from '../payments/payment-clients';
import { buyPackage } from './package-buying';
import * as service from './packages.service';

const tags = ['Pacotes'];

/** The packages on sale, for everyone (the services page). */
export const packagesRoutes = routeGroup<{ db: Db }>(PUBLIC, async (app, { db }) => {
  app.get(
    '/packages',
    {
      schema: {
        operationId: 'listPackages',
        tags,
        summary: 'Pacotes à venda (ativos), com serviço, porte, créditos, validade e preço',
        response: { 200: listEnvelope(packageView) },
      },
    },
    async () => ({ data: await service.listActive(db) }),
  );
});

/** Buying a package for one's own pet, and a pet's credits (owner; staff read any). */
export const packagesCustomerRoutes = routeGroup<{ db: Db; config: Config; paymentProvider: PaymentProvider }>(
  CUSTOMER,
  async (app, { db, config, paymentProvider }) => {
    const ctx = { db, provider: paymentProvider, config };

    app.post(
      '/packages/:id/buy',
      {
        schema: {
          operationId: 'buyPackage',
          tags,
          summary: 'Comprar um pacote para o meu pet: cria o pedido e o pagamento como /payments/pay',
          description:
            "Pix e boleto: o pedido fica 'Aguardando pagamento' e os créditos só existem quando o banco confirma; cartão aprovado: créditos na hora. Pacote de outro porte → 409; pet de outra pessoa ou pacote fora de venda → 404.",
          params: idParam,
          body: packageBuyBody,
          response: { 201: envelope(paymentResult), ...authErrors, 402: errorBody, 409: errorBody, 503: errorBody },
        },
      },
      async (request, reply) => {
        const data = await buyPackage(ctx, currentUser(request), request.params.id, request.body);
        return reply.status(201).send({ data, message: payMessage(data) });
      },
    );

    app.get(
      '/pets/:id/credits',
      {
        schema: {
          operationId: 'listPetCredits',
          tags,
          summary: 'Créditos de pacotes do pet (tutor ou equipe): saldo e validade de cada pacote',
          params: idParam,
          response: { 200: listEnvelope(petCredit), ...authErrors },
        },
      },
      async (request) => ({ data: await service.creditsOf(db, currentUser(request), request.params.id) }),
    );
  },
);

/** The credits about to expire, for the dashboard (owner and managers). */
export const expiringCreditsRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin, ROLES.manager), async (app, { db }) => {
  app.get(
    '/admin/credits/expiring',
    {
      schema: {
        operationId: 'listExpiringCredits',
        tags,
        summary: 'Créditos de pacotes com saldo que vencem nos próximos dias (padrão 30)',
        querystring: expiringCreditsQuery,
        response: { 200: listEnvelope(expiringCredit), ...authErrors },
      },
    },
    async (request) => ({ data: await service.expiring(db, request.query.days) }),
  );
});

/** Package management (admin: prices are the owner's). */
export const packagesAdminRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin), async (app, { db }) => {
  app.get(
    '/admin/packages',
    {
      schema: {
        operationId: 'listAllPackages',
        tags,
        summary: 'Todos os pacotes (ativos e inativos)',
        response: { 200: listEnvelope(packageView), ...authErrors },
      },
    },
    async () => ({ data: await service.listAll(db) }),
  );

  app.post(
    '/packages',
    {
      schema: {
        operationId: 'createPackage',
        tags,
        summary: 'Cadastrar pacote',
        body: packageBody,
        response: { 201: envelope(packageView), ...authErrors },
      },
    },
    async (request, reply) => {
      const data = await service.create(db, actorOf(request), request.body);
      return reply.status(201).send({ data, message: 'Pacote cadastrado com sucesso!' });
    },
  );

  app.put(
    '/packages/:id',
    {
      schema: {
        operationId: 'updatePackage',
        tags,
        summary: 'Atualizar pacote (os créditos já vendidos mantêm o que foi vendido)',
        params: idParam,
        body: packageBody,
        response: { 200: envelope(packageView), ...authErrors },
      },
    },
    async (request) => ({
      data: await service.update(db, actorOf(request), request.params.id, request.body),
      message: 'Pacote atualizado com sucesso!',
    }),
  );

  app.delete(
    '/packages/:id',
    {
      schema: {
        operationId: 'deletePackage',
        tags,
        summary: 'Excluir pacote: sai da venda; os créditos vendidos valem até vencer',
        params: idParam,
        response: { 200: messageOnly, ...authErrors },
      },
    },
    async (request) => {
      await service.remove(db, actorOf(request), request.params.id);
      return { message: 'Pacote excluído com sucesso!' };
    },
  );
});
