import { z } from 'zod';
import { type PetSize, SERVICE_DURATIONS } from '../constants';
import { requiredText } from './common';
import { money } from './money';

const priceField = money('Informe um preço válido.', {
  tooSmall: 'O preço não pode ser negativo.',
  tooLarge: 'Preço acima do permitido.',
});

export const sizePrices = z.object({
  Pequeno: priceField,
  Médio: priceField,
  Grande: priceField,
});
export type SizePrices = Record<PetSize, number>;

export const DURATION_MESSAGE = 'A duração deve ser de 30, 60, 90 ou 120 minutos.';

/**
 * POST/PUT /services (admin). `prices` per pet size; a body with only SPEC's `price` charges it for
 * every size. `price` on the read side is always the smallest of the three.
 */
export const serviceBody = z
  .object({
    name: requiredText('Informe o nome do serviço.', 120),
    description: z.string({ error: 'Descrição inválida.' }).trim().max(5000, 'Descrição muito longa.').default(''),
    price: priceField.optional(),
    prices: sizePrices.optional(),
    durationMinutes: z
      .number({ error: DURATION_MESSAGE })
      .refine((v) => (SERVICE_DURATIONS as readonly number[]).includes(v), DURATION_MESSAGE)
      .default(30),
  })
  .refine((body) => body.price !== undefined || body.prices !== undefined, {
    message: 'Informe o preço do serviço.',
    path: ['price'],
  })
  .transform(({ price, prices, ...rest }) => ({
    ...rest,
    prices: prices ?? { Pequeno: price ?? 0, Médio: price ?? 0, Grande: price ?? 0 },
  }));
export type ServiceBody = z.input<typeof serviceBody>;
