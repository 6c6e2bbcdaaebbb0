import { z } from 'zod';
import { APPOINTMENT_STATUS } from '../constants';
import { PET_WEIGHT_MAX_KG, VACCINE_NAME_MAX } from '../pet-constants';
import { idField, idParam, requiredText } from './common';
import { calendarDate, INVALID_DATE } from './dates';
import { pastDate } from './pets';

/** POST /pets/{id}/vaccines. */
export const vaccineBody = z
  .object({
    name: requiredText('Informe o nome da vacina.', VACCINE_NAME_MAX),
    appliedOn: pastDate('a data de aplicação'),
    nextDueOn: calendarDate(`Informe a data da próxima dose: ${INVALID_DATE.replace('Informe uma data ', '')}`)
      .nullable()
      .optional(),
  })
  .refine((v) => !v.nextDueOn || v.nextDueOn > v.appliedOn, {
    path: ['nextDueOn'],
    message: 'A próxima dose deve ser depois da data de aplicação.',
  });
export type VaccineBody = z.input<typeof vaccineBody>;
export type VaccineInput = z.output<typeof vaccineBody>;

export const vaccineView = z.object({
  id: z.number(),
  name: z.string(),
  appliedOn: z.string(),
  nextDueOn: z.string().nullable(),
});
export type VaccineView = z.infer<typeof vaccineView>;

const KG_MESSAGE = `Informe o peso em kg, maior que 0 e até ${PET_WEIGHT_MAX_KG}, com no máximo 2 casas decimais.`;

/** POST /pets/{id}/weights: kg with at most 2 decimals (stored exactly as numeric(5,2)). */
export const weightBody = z.object({
  kg: z
    .number({ error: KG_MESSAGE })
    .positive(KG_MESSAGE)
    .max(PET_WEIGHT_MAX_KG, KG_MESSAGE)
    .refine((kg) => Math.abs(Math.round(kg * 100) - kg * 100) < 1e-6, KG_MESSAGE),
  measuredOn: pastDate('a data da pesagem'),
});
export type WeightBody = z.input<typeof weightBody>;
export type WeightInput = z.output<typeof weightBody>;

export const weightView = z.object({ id: z.number(), kg: z.number(), measuredOn: z.string() });
export type WeightView = z.infer<typeof weightView>;

/** A past visit on GET /pets/{id}/history. `price` and `note` are null where none was kept. */
export const petHistoryEntry = z.object({
  id: z.number(),
  appointment_date: z.string(),
  appointment_time: z.string(),
  status: z.enum(APPOINTMENT_STATUS),
  service: z.object({ id: z.number(), name: z.string() }),
  employer: z.object({ id: z.number(), name: z.string() }),
  price: z.number().nullable(),
  note: z.string().nullable(),
});
export type PetHistoryEntry = z.infer<typeof petHistoryEntry>;

export const petVaccineParams = idParam.extend({ vaccineId: idField() });
