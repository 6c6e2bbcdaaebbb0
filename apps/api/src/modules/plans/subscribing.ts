import {
  type BusinessMoment,
  bookingHorizon,
  businessMoment,
  type PlanFrequency,
  SUBSCRIPTION_STATUS,
  type SubscribeBody,
  type SubscriptionView,
  seriesDates,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { freeDatesAt } from '../appointments/series-booking';
import type { RailConfig } from '../payments/payment-rails';
import { assertOffered } from '../payments/payments.service';
import { PspRefusedError } from '../payments/psp-errors';
import * as stores from '../stores/stores.service';
import * as repo from './plans.repository';
import { PLAN_NOT_FOUND, type PlanRow, periodicidadeOf, viewOf } from './plans.service';
import type { PlansDeps } from './plans-deps';
import { anchorFor, bookAhead } from './subscription-series';

/**
 * The employee of the series: the one asked for, who must do the service in a store open to
 * customers (the store asked for, if any); else, of those, the one free at that weekday and time on
 * the most of the next 8 weeks' dates (the longest-serving on a tie).
 */
async function employeeFor(db: Db, plan: PlanRow, input: SubscribeBody, anchorDate: string, now: BusinessMoment) {
  if (input.storeId !== undefined) await stores.requireActiveStore(db, input.storeId, 'storeId');
  const staff: number[] = [];
  for (const e of await repo.employeesFor(db, plan.serviceId)) {
    const inStore = input.storeId === undefined ? await stores.isActive(db, e.storeId) : e.storeId === input.storeId;
    if (inStore) staff.push(e.id);
  }
  if (input.employeeId !== undefined) {
    if (!staff.includes(input.employeeId))
      throw fieldError('employeeId', 'Selecione um profissional que realize este serviço nesta loja.');
    return input.employeeId;
  }
  if (staff.length === 0) throw fieldError('employeeId', 'Nenhum profissional realiza este serviço nesta loja.');
  if (staff.length === 1) return staff[0] as number;
  const dates = seriesDates(anchorDate, plan.frequency as PlanFrequency, now.date, bookingHorizon(now.date));
  const free = await db.transaction((tx) => freeDatesAt(tx, staff, plan.serviceId, dates, input.time, now));
  let best = staff[0] as number;
  for (const id of staff) if ((free.get(id) ?? 0) > (free.get(best) ?? 0)) best = id;
  return best;
}

export async function subscribe(
  deps: PlansDeps & { config: RailConfig },
  auth: AuthUser,
  planId: number,
  input: SubscribeBody,
  instant: Date = new Date(),
): Promise<SubscriptionView> {
  const { db } = deps;
  // Pix Automático is the Pix PSP's, a saved card the card PSP's: each only where that method is offered.
  assertOffered(deps, input.paymentMethod === 'Cartão de Crédito' ? 'Cartão de Crédito' : 'Pix');
  const now = businessMoment(instant);
  const plan = await repo.findPlan(db, planId);
  if (!plan?.active) throw notFound(PLAN_NOT_FOUND);
  const pet = await repo.findOwnPet(db, auth.id, input.petId);
  if (!pet) throw notFound('Pet não encontrado.');
  if (pet.size !== plan.size) throw fieldError('petId', `Este plano é para pets de porte ${plan.size}.`);
  const anchorDate = anchorFor(input.weekday, input.time, now);
  const employeeId = await employeeFor(db, plan, input, anchorDate, now);
  const payer = await repo.payerOf(db, auth.id);
  if (!payer) throw notFound('Conta não encontrada.');
  // A staff account made by an invitation has no CPF until its owner adds one.
  if (!payer.cpf) throw conflict('Informe seu CPF no perfil para assinar um plano.', 'CPF_REQUIRED');
  const { cpf } = payer;
  if (input.paymentMethod === 'Cartão de Crédito') {
    return subscribeByCard(deps, auth, { plan, petId: pet.id, employeeId, anchorDate, payer }, input, now);
  }

  // Pix Automático: the recurrence exists at the PSP before the subscription does; one the shop
  // never records simply expires there unauthorised.
  const created = await deps.payments.recurrences.open({
    objeto: plan.name.slice(0, 35),
    contrato: `PET${pet.id}-PLANO${plan.id}-${Date.now().toString(36)}`.slice(0, 35),
    cpf,
    payerName: payer.name.slice(0, 140),
    firstDate: anchorDate,
    periodicidade: periodicidadeOf(plan.frequency as PlanFrequency),
    amountCents: plan.priceCents,
  });

  const id = await db.transaction(async (tx) => {
    const sub = await repo.insertSubscription(tx, {
      planId: plan.id,
      userId: auth.id,
      petId: pet.id,
      employeeId,
      weekday: input.weekday,
      time: input.time,
      status: SUBSCRIPTION_STATUS.awaiting,
      paymentMethod: input.paymentMethod,
      priceCents: plan.priceCents,
      frequency: plan.frequency,
      anchorDate,
      idRec: created.idRec,
      recStatus: created.status,
      recCopiaECola: created.copiaECola,
    });
    if (!sub) throw new Error('insert returned nothing');
    await bookAhead(tx, sub, now);
    return sub.id;
  });
  return viewOf(db, id, now);
}

/**
 * By card: the card is saved at the card PSP for the customer (Customers API) and charged each
 * cycle from two days before its date; the subscription is active at once.
 */
async function subscribeByCard(
  deps: PlansDeps,
  auth: AuthUser,
  what: {
    plan: PlanRow;
    petId: number;
    employeeId: number;
    anchorDate: string;
    payer: { email: string };
  },
  input: SubscribeBody,
  now: BusinessMoment,
) {
  const { db } = deps;
  if (!input.card) throw fieldError('card', 'Informe os dados do cartão.');
  let saved: { customerId: string; savedCard: string };
  try {
    saved = await deps.payments.cards.save(what.payer.email, input.card.token, input.card.paymentMethodId);
  } catch (error) {
    if (error instanceof PspRefusedError)
      throw fieldError('card', 'Cartão recusado. Confira os dados ou use outro cartão.');
    throw error;
  }
  const id = await db.transaction(async (tx) => {
    const sub = await repo.insertSubscription(tx, {
      planId: what.plan.id,
      userId: auth.id,
      petId: what.petId,
      employeeId: what.employeeId,
      weekday: input.weekday,
      time: input.time,
      status: SUBSCRIPTION_STATUS.active,
      paymentMethod: input.paymentMethod,
      priceCents: what.plan.priceCents,
      frequency: what.plan.frequency,
      anchorDate: what.anchorDate,
      cardCustomerId: saved.customerId,
      cardId: saved.savedCard,
    });
    if (!sub) throw new Error('insert returned nothing');
    await bookAhead(tx, sub, now);
    return sub.id;
  });
  return viewOf(db, id, now);
}
