import { z } from 'zod';
import { PET_SIZES, PET_SPECIES } from '../constants';
import { requiredText } from './common';

export const PET_AGE_MAX = 40;
const AGE_MESSAGE = `A idade deve ser um número inteiro entre 0 e ${PET_AGE_MAX}.`;

/** POST and PUT /pets. */
export const petBody = z.object({
  name: requiredText('Informe o nome do pet.', 60),
  age: z.number({ error: AGE_MESSAGE }).int(AGE_MESSAGE).min(0, AGE_MESSAGE).max(PET_AGE_MAX, AGE_MESSAGE),
  specie: z.enum(PET_SPECIES, { error: 'Espécie inválida. Escolha Cachorro ou Gato.' }),
  size: z.enum(PET_SIZES, { error: 'Porte inválido. Escolha Pequeno, Médio ou Grande.' }),
});
export type PetBody = z.input<typeof petBody>;
export type PetInput = z.output<typeof petBody>;

export const petView = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number(),
  specie: z.enum(PET_SPECIES),
  size: z.enum(PET_SIZES),
});
export type PetView = z.infer<typeof petView>;
