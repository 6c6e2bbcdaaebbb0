import { z } from 'zod';
import { isCep } from '../documents';
import { digitsField, idField, positiveInt, requiredText } from './common';

/** POST and PUT /addresses: CEP may come masked ('01310-100') and is kept as 8 digits. */
export const addressBody = z.object({
  complement: z
    .string({ error: 'Complemento inválido.' })
    .trim()
    .max(120, 'Use no máximo 120 caracteres no complemento.')
    .nullish()
    .transform((value) => value ?? ''),
  street: requiredText('Informe a rua.', 160),
  number: requiredText('Informe o número.', 20),
  district: requiredText('Informe o bairro.', 80),
  cep: digitsField('CEP inválido. Use 8 dígitos.', isCep),
  state_id: positiveInt('Selecione o estado.'),
  city_id: positiveInt('Selecione a cidade.'),
});
export type AddressBody = z.input<typeof addressBody>;
export type AddressInput = z.output<typeof addressBody>;

export const stateView = z.object({ id: z.number(), name: z.string(), uf: z.string() });
export type StateView = z.infer<typeof stateView>;

export const cityView = z.object({ id: z.number(), name: z.string() });
export type CityView = z.infer<typeof cityView>;

export const addressView = z.object({
  id: z.number(),
  /** '' only on addresses saved before street and district existed: checkout asks to complete them. */
  street: z.string(),
  number: z.string(),
  complement: z.string(),
  district: z.string(),
  cep: z.string(),
  stateId: z.number(),
  cityId: z.number(),
  city: cityView,
  state: stateView,
});
export type AddressView = z.infer<typeof addressView>;

export const stateIdParam = z.object({
  stateId: idField('Estado inválido.'),
});
