import {
  idParam,
  petHistoryEntry,
  petVaccineParams,
  vaccineBody,
  vaccineView,
  weightBody,
  weightView,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope, messageOnly } from '../../lib/http';
import { CUSTOMER, routeGroup } from '../../lib/route-group';
import { staffActor } from '../audit/audit.service';
import * as service from './pet-health.service';
/** The pet's health card: vaccines, weights and past visits. Owners write, staff read; others get 404. */
export const petHealthRoutes = routeGroup<{ db: Db }>(CUSTOMER, async (app, { db }) => {
  const tags = ['Pets'];

  app.get(
    '/pets/:id/vaccines',
    {
      schema: {
        operationId: 'listVaccines',
        tags,
        summary: 'Vacinas do pet (tutor ou admin)',
        params: idParam,
        response: { 200: listEnvelope(vaccineView), ...authErrors },
      },
    },
    async (request) => ({ data: await service.listVaccines(db, currentUser(request), request.params.id) }),
  );

  app.post(
    '/pets/:id/vaccines',
    {
      schema: {
        operationId: 'addVaccine',
        tags,
        summary: 'Registrar vacina do meu pet',
        params: idParam,
        body: vaccineBody,
        response: { 201: envelope(vaccineView), ...authErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await service.addVaccine(
        db,
        currentUser(request),
        request.params.id,
        request.body,
        staffActor(request),
      );
      return reply.status(201).send({ data, message: 'Vacina registrada com sucesso!' });
    },
  );

  app.delete(
    '/pets/:id/vaccines/:vaccineId',
    {
      schema: {
        operationId: 'deleteVaccine',
        tags,
        summary: 'Excluir vacina do meu pet',
        params: petVaccineParams,
        response: { 200: messageOnly, ...authErrors },
      },
    },
    async (request) => {
      await service.deleteVaccine(
        db,
        currentUser(request),
        request.params.id,
        request.params.vaccineId,
        staffActor(request),
      );
      return { message: 'Vacina excluída com sucesso!' };
    },
  );

  app.get(
    '/pets/:id/weights',
    {
      schema: {
        operationId: 'listWeights',
        tags,
        summary: 'Pesagens do pet, da mais antiga à mais recente (tutor ou admin)',
        params: idParam,
        response: { 200: listEnvelope(weightView), ...authErrors },
      },
    },
    async (request) => ({ data: await service.listWeights(db, currentUser(request), request.params.id) }),
  );

  app.post(
    '/pets/:id/weights',
    {
      schema: {
        operationId: 'addWeight',
        tags,
        summary: 'Registrar peso do meu pet',
        params: idParam,
        body: weightBody,
        response: { 201: envelope(weightView), ...authErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await service.addWeight(
        db,
        currentUser(request),
        request.params.id,
        request.body,
        staffActor(request),
      );
      return reply.status(201).send({ data, message: 'Peso registrado com sucesso!' });
    },
  );

  app.get(
    '/pets/:id/history',
    {
      schema: {
        operationId: 'getPetHistory',
        tags,
        summary: 'Atendimentos passados do pet (tutor ou admin)',
        params: idParam,
        response: { 200: listEnvelope(petHistoryEntry), ...authErrors },
      },
    },
    async (request) => ({ data: await service.history(db, currentUser(request), request.params.id) }),
  );
});
