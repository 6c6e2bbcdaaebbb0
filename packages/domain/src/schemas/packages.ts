import { z } from 'zod';
import { PAYMENT_METHODS, PET_SIZES } from '../constants';
import { positiveInt, requiredText } from './common';
import { money } from './money';
import { CARD_MISSING_MESSAGE, cardPayment, DEBIT_ONE_INSTALLMENT, isCardMethod } from './payments';

export const PACKAGE_MAX_CREDITS = 100;
export const PACKAGE_MAX_VALIDITY_DAYS = 730;
/** How the appointment was paid when it cost nothing at booking. */
export const PAID_WITH_PACKAGE = 'Pacote';
/** Credits about to expire: the customer is told this many days before; the dashboard looks 30 ahead. */
export const CREDIT_EXPIRY_NOTICE_DAYS = 7;
export const CREDITS_EXPIRING_DAYS = 30;

const priceField = money('Informe um preço válido.', {
  tooSmall: 'O preço não pode ser negativo.',
  tooLarge: 'Preço acima do permitido.',
});

/** POST/PUT /packages (admin): '4 banhos — porte Médio', R$ 300,00, 4 credits, 45 days. `size` null: any size. */
export const packageBody = z.object({
  name: requiredText('Informe o nome do pacote.', 120),
  serviceId: positiveInt('Selecione um serviço.'),
  size: z.enum(PET_SIZES, { error: 'Porte inválido.' }).nullable().default(null),
  credits: z
    .number({ error: 'Informe a quantidade de créditos.' })
    .int('Informe a quantidade de créditos.')
    .min(1, 'O pacote precisa de pelo menos 1 crédito.')
    .max(PACKAGE_MAX_CREDITS, `No máximo ${PACKAGE_MAX_CREDITS} créditos.`),
  validityDays: z
    .number({ error: 'Informe a validade em dias.' })
    .int('Informe a validade em dias.')
    .min(1, 'A validade é de pelo menos 1 dia.')
    .max(PACKAGE_MAX_VALIDITY_DAYS, `A validade é de no máximo ${PACKAGE_MAX_VALIDITY_DAYS} dias.`),
  price: priceField,
  active: z.boolean({ error: 'Informe se o pacote está ativo.' }).default(true),
});
export type PackageBody = z.input<typeof packageBody>;
export type PackageInput = z.output<typeof packageBody>;

export const packageView = z.object({
  id: z.number(),
  name: z.string(),
  serviceId: z.number(),
  serviceName: z.string(),
  size: z.enum(PET_SIZES).nullable(),
  credits: z.number(),
  validityDays: z.number(),
  price: z.number(),
  active: z.boolean(),
});
export type PackageView = z.infer<typeof packageView>;

const METHOD_MISSING = 'Selecione um pet e um método de pagamento.';

/** POST /packages/{id}/buy: the pet the credits are for, and how it is paid (as /payments/pay). */
export const packageBuyBody = z
  .object(
    {
      petId: positiveInt('Selecione um pet.'),
      paymentMethod: z.enum(PAYMENT_METHODS, {
        error: (issue) =>
          issue.input === undefined || issue.input === '' ? METHOD_MISSING : 'Método de pagamento inválido.',
      }),
      card: cardPayment.optional(),
    },
    { error: METHOD_MISSING },
  )
  .superRefine((body, ctx) => {
    if (isCardMethod(body.paymentMethod) && !body.card)
      ctx.addIssue({ code: 'custom', path: ['card'], message: CARD_MISSING_MESSAGE });
    if (body.paymentMethod === 'Cartão de Débito' && body.card && body.card.installments !== 1)
      ctx.addIssue({ code: 'custom', path: ['card', 'installments'], message: DEBIT_ONE_INSTALLMENT });
  });
export type PackageBuyBody = z.infer<typeof packageBuyBody>;

/** GET /pets/{id}/credits: one line per package bought for the pet, with what is left of it. */
export const petCredit = z.object({
  id: z.number(),
  packageName: z.string(),
  packageId: z.number(),
  serviceId: z.number(),
  remaining: z.number(),
  expiresAt: z.string(),
});
export type PetCredit = z.infer<typeof petCredit>;

/** GET /admin/credits/expiring: credits left that expire within the next days (the dashboard). */
export const expiringCredit = petCredit.extend({
  petId: z.number(),
  petName: z.string(),
  customerName: z.string(),
});
export type ExpiringCredit = z.infer<typeof expiringCredit>;

export const expiringCreditsQuery = z.object({
  days: z.coerce
    .number({ error: 'Informe o número de dias.' })
    .int('Informe o número de dias.')
    .min(1, 'Informe de 1 a 365 dias.')
    .max(365, 'Informe de 1 a 365 dias.')
    .default(CREDITS_EXPIRING_DAYS),
});
