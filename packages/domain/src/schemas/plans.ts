import { z } from 'zod';
import { PET_SIZES } from '../constants';
import {
  PLAN_FREQUENCIES,
  SUBSCRIPTION_PAYMENT_METHODS,
  SUBSCRIPTION_STATUS,
  type SubscriptionStatus,
} from '../plan-constants';
import { isScheduleStart } from '../schedule';
import { positiveInt, requiredText } from './common';
import { money } from './money';
import { cardPayment } from './payments';

const priceField = money('Informe um preço válido.', {
  least: 'positive',
  tooSmall: 'O preço deve ser maior que zero.',
  tooLarge: 'Preço acima do permitido.',
});

/** POST/PUT /plans (admin): the price is per cycle. */
export const planBody = z.object({
  name: requiredText('Informe o nome do plano.', 120),
  serviceId: positiveInt('Selecione um serviço.'),
  size: z.enum(PET_SIZES, { error: 'Informe o porte: Pequeno, Médio ou Grande.' }),
  frequency: z.enum(PLAN_FREQUENCIES, { error: 'Informe a frequência: SEMANAL, QUINZENAL ou MENSAL.' }),
  price: priceField,
  active: z.boolean({ error: 'Informe se o plano está ativo.' }).default(true),
});
export type PlanBody = z.input<typeof planBody>;

export const planView = z.object({
  id: z.number(),
  name: z.string(),
  serviceId: z.number(),
  serviceName: z.string(),
  size: z.enum(PET_SIZES),
  frequency: z.enum(PLAN_FREQUENCIES),
  price: z.number(),
  active: z.boolean(),
});
export type PlanView = z.infer<typeof planView>;

const weekdayField = z
  .number({ error: 'Informe o dia da semana (0 = domingo … 6 = sábado).' })
  .int('Informe o dia da semana (0 = domingo … 6 = sábado).')
  .min(0, 'Informe o dia da semana (0 = domingo … 6 = sábado).')
  .max(6, 'Informe o dia da semana (0 = domingo … 6 = sábado).');
const timeField = z
  .string({ error: 'Informe o horário.' })
  .refine(isScheduleStart, 'Escolha um horário em HH:MM, de 30 em 30 minutos.');

/** POST /plans/{id}/subscribe. */
export const subscribeBody = z
  .object({
    petId: positiveInt('Selecione um pet.'),
    weekday: weekdayField,
    time: timeField,
    employeeId: positiveInt('Selecione um profissional.').optional(),
    /** the store whose staff serve it; without it, any store open to customers */
    storeId: positiveInt('Selecione a loja.').optional(),
    paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS, {
      error: 'Escolha Pix Automático ou Cartão de Crédito.',
    }),
    card: cardPayment.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.paymentMethod === 'Cartão de Crédito' && !body.card) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'Informe os dados do cartão.' });
    }
  });
export type SubscribeBody = z.input<typeof subscribeBody>;

/** POST /subscriptions/{id}/weekday: the same time on another weekday (or another time). */
export const changeWeekdayBody = z.object({ weekday: weekdayField, time: timeField.optional() });
export type ChangeWeekdayBody = z.infer<typeof changeWeekdayBody>;

export const subscriptionView = z.object({
  id: z.number(),
  planId: z.number(),
  planName: z.string(),
  frequency: z.enum(PLAN_FREQUENCIES),
  price: z.number(),
  petId: z.number(),
  petName: z.string(),
  userId: z.number(),
  customerName: z.string(),
  employeeId: z.number(),
  employeeName: z.string(),
  weekday: z.number(),
  time: z.string(),
  status: z.enum(Object.values(SUBSCRIPTION_STATUS) as [SubscriptionStatus, ...SubscriptionStatus[]]),
  paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  /** booked appointments from today on */
  nextDates: z.array(z.object({ appointmentId: z.number(), date: z.string(), time: z.string() })),
  /** dates of the plan with no free time left that day: the staff rebook them */
  toRebook: z.array(z.string()),
  /** Pix Automático: the authorisation QR while it waits for the payer's bank */
  authorization: z.object({ idRec: z.string(), pixCopiaECola: z.string(), pixQrCode: z.string() }).nullable(),
  /** the next cycle to charge, with its date */
  nextCharge: z.object({ dueOn: z.string(), amount: z.number(), status: z.string() }).nullable(),
  createdAt: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

/** Admin dashboard: what subscriptions bring each month. */
export const recurringRevenueView = z.object({
  activeSubscriptions: z.number(),
  /** monthly recurring revenue of active subscriptions, by their cycles' prices */
  monthlyRecurringRevenue: z.number(),
  suspended: z.number(),
  paidLast30Days: z.number(),
});
export type RecurringRevenueView = z.infer<typeof recurringRevenueView>;

/** GET /subscriptions/all (staff): by status, paged. */
export const subscriptionsQuery = z.object({
  status: z.enum(Object.values(SUBSCRIPTION_STATUS) as [SubscriptionStatus, ...SubscriptionStatus[]]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(60),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Webhook `/rec` of API Pix v2.9: `{recs: [{idRec, status, …}]}`, only a hint. */
export const recWebhookBody = z.object({
  recs: z
    .array(z.looseObject({ idRec: z.string().max(29), status: z.string().max(20).optional() }))
    .max(1000)
    .default([]),
});

/** Webhook `/cobr` of API Pix v2.9: `{cobsr: [{idRec, txid, status, …}]}`, only a hint. */
export const cobrWebhookBody = z.object({
  cobsr: z
    .array(
      z.looseObject({
        idRec: z.string().max(29).optional(),
        txid: z.string().max(35),
        status: z.string().max(20).optional(),
      }),
    )
    .max(1000)
    .default([]),
});

export const sandboxAuthorizeResult = z.object({ idRec: z.string(), status: z.enum(['APROVADA', 'REJEITADA']) });
export const sandboxCycleResult = z.object({ txid: z.string(), outcome: z.enum(['paid', 'rejected']) });
