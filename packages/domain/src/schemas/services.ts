import { z } from 'zod';
import { requiredText } from './common';

const PRICE_MAX = 1_000_000;

/** POST/PUT /services (admin). duration in minutes, 30 when absent (API.md). */
export const serviceBody = z.object({
  name: requiredText('Informe o nome do serviço.', 120),
  description: z.string({ error: 'Descrição inválida.' }).trim().max(5000, 'Descrição muito longa.').default(''),
  price: z
    .number({ error: 'Informe um preço válido.' })
    .min(0, 'O preço não pode ser negativo.')
    .max(PRICE_MAX, 'Preço acima do permitido.')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use no máximo 2 casas decimais.'),
  duration: z
    .number({ error: 'Informe a duração em minutos.' })
    .int('A duração deve ser um número inteiro de minutos.')
    .min(1, 'A duração deve ser de pelo menos 1 minuto.')
    .max(480, 'A duração máxima é de 480 minutos.')
    .default(30),
});
export type ServiceBody = z.input<typeof serviceBody>;
