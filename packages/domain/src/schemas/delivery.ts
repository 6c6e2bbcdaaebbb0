import { z } from 'zod';
import { UFS } from '../cep-regions';
import { isCep } from '../documents';
import { digitsField } from './common';
import { money } from './money';

export const CEP_INVALID_MESSAGE = 'CEP inválido. Use 8 dígitos.';

/** GET /cep/{cep}: masked ('01310-100') or bare. */
export const cepParam = z.object({ cep: digitsField(CEP_INVALID_MESSAGE, isCep) });

/** What a CEP lookup answers; `city` is null when the service names a city the IBGE list does not have. */
export const cepView = z.object({
  cep: z.string(),
  street: z.string(),
  district: z.string(),
  city: z.object({ id: z.number(), name: z.string() }).nullable(),
  state: z.object({ id: z.number(), uf: z.string() }),
});
export type CepView = z.infer<typeof cepView>;

/** Fees travel as money (2 decimals) and are stored as integer cents. */
const SHIPPING_PRICE_MAX = 10_000;
const shippingMoney = (message: string) => money(message, { max: SHIPPING_PRICE_MAX });

export const shippingRate = z.object({
  uf: z.enum(UFS, { error: 'UF inválida.' }),
  price: shippingMoney('Informe o valor do frete.'),
  days: z
    .number({ error: 'Informe o prazo em dias.' })
    .int('O prazo deve ser um número inteiro de dias.')
    .min(1, 'O prazo deve ser de ao menos 1 dia.')
    .max(90, 'O prazo deve ser de no máximo 90 dias.'),
});
export type ShippingRate = z.infer<typeof shippingRate>;

/** PUT /admin/shipping replaces the whole table; a UF left out is not delivered to. */
export const shippingTable = z.object({
  rates: z
    .array(shippingRate, { error: 'Informe a tabela de fretes.' })
    .max(UFS.length)
    .refine((rates) => new Set(rates.map((r) => r.uf)).size === rates.length, 'Cada UF pode aparecer uma vez só.'),
  /** Orders whose products add up to this or more ship free; null: never free. */
  freeAbove: money('Informe o valor para frete grátis.').nullable(),
});
export type ShippingTable = z.infer<typeof shippingTable>;

export const shippingQuoteQuery = z.object({
  cep: digitsField(CEP_INVALID_MESSAGE, isCep),
  subtotal: z.coerce
    .number({ error: 'Subtotal inválido.' })
    .min(0, 'Subtotal inválido.')
    .max(100_000_000, 'Subtotal inválido.'),
});

export const shippingQuote = z.object({ price: z.number(), days: z.number() });
export type ShippingQuote = z.infer<typeof shippingQuote>;
