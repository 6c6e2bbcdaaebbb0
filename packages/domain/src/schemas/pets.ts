import { z } from 'zod';
import { PET_SIZES, PET_SPECIES } from '../constants';
import { wholeYearsSince } from '../pet-age';
import { PET_AGE_MAX, PET_BREED_MAX, PET_NOTES_MAX } from '../pet-constants';
import { businessToday, isIsoDate } from '../slots';
import { requiredText } from './common';
import { calendarDate } from './dates';

const AGE_MESSAGE = `A idade deve ser um número inteiro entre 0 e ${PET_AGE_MAX}.`;

/** 'YYYY-MM-DD', a real date, not after today (São Paulo). */
export const pastDate = (label: string) =>
  calendarDate(`Informe ${label} válida no formato AAAA-MM-DD.`).refine(
    (value) => value <= businessToday(),
    `A ${label.replace(/^a /, '')} não pode estar no futuro.`,
  );

const freeText = (max: number) => z.string().trim().max(max, `Use no máximo ${max} caracteres.`);

/**
 * POST and PUT /pets. The health-card fields are optional: a PUT without them (SPEC's client)
 * leaves them as they are; `birthDate: null` or `breed: ''` clears them.
 */
export const petBody = z
  .object({
    name: requiredText('Informe o nome do pet.', 60),
    /** whole years (SPEC); with a birth date it may be left out and is read from the date */
    age: z.number({ error: AGE_MESSAGE }).int(AGE_MESSAGE).min(0, AGE_MESSAGE).max(PET_AGE_MAX, AGE_MESSAGE).optional(),
    specie: z.enum(PET_SPECIES, {
      error: `Espécie inválida. Escolha ${PET_SPECIES.slice(0, -1).join(', ')} ou ${PET_SPECIES.at(-1)}.`,
    }),
    size: z.enum(PET_SIZES, { error: 'Porte inválido. Escolha Pequeno, Médio ou Grande.' }),
    allergies: freeText(PET_NOTES_MAX).optional(),
    notes: freeText(PET_NOTES_MAX).optional(),
    breed: freeText(PET_BREED_MAX)
      .nullable()
      .optional()
      .transform((value) => (value === '' ? null : value)),
    birthDate: pastDate('a data de nascimento').nullable().optional(),
  })
  .refine((pet) => pet.age !== undefined || Boolean(pet.birthDate), {
    path: ['age'],
    message: 'Informe a idade ou a data de nascimento.',
  })
  // A date that is no date has its own message already.
  .refine(
    (pet) =>
      !pet.birthDate || !isIsoDate(pet.birthDate) || wholeYearsSince(pet.birthDate, businessToday()) <= PET_AGE_MAX,
    {
      path: ['birthDate'],
      message: `A data de nascimento não pode ser de mais de ${PET_AGE_MAX} anos atrás.`,
    },
  );
export type PetBody = z.input<typeof petBody>;
export type PetInput = z.output<typeof petBody>;

export const petView = z.object({
  id: z.number(),
  name: z.string(),
  /** whole years: from the birth date when there is one */
  age: z.number(),
  /** whole months since the birth date; null without one */
  ageMonths: z.number().nullable(),
  specie: z.enum(PET_SPECIES),
  size: z.enum(PET_SIZES),
  allergies: z.string(),
  notes: z.string(),
  breed: z.string().nullable(),
  birthDate: z.string().nullable(),
});
export type PetView = z.infer<typeof petView>;
