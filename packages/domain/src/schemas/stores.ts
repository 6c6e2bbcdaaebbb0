import { z } from 'zod';
import { isCep, isPhone } from '../documents';
import { DEFAULT_STORE_WEEK, storeWeekField } from '../store-hours';
import { digitsField, idField, positiveInt, requiredText } from './common';

/**
 * POST and PUT /stores (admin): the name, the address fields of /addresses (validated the same way:
 * the city belongs to the state, the CEP to the state), the phone, whether customers may pick
 * orders up there and whether it is open to customers at all. POST may carry the week's hours
 * (Monday to Saturday, 08:00–18:00 when left out); PUT /stores/{id}/hours changes them later.
 */
export const storeBody = z.object({
  name: requiredText('Informe o nome da loja.', 80),
  street: requiredText('Informe a rua.', 160),
  number: requiredText('Informe o número.', 20),
  district: requiredText('Informe o bairro.', 80),
  cep: digitsField('CEP inválido. Use 8 dígitos.', isCep),
  state_id: positiveInt('Selecione o estado.'),
  city_id: positiveInt('Selecione a cidade.'),
  phone: digitsField('Telefone inválido. Use DDD e número, com 10 ou 11 dígitos.', isPhone),
  pickup: z.boolean({ error: 'Informe se a loja faz retirada.' }).default(true),
  active: z.boolean({ error: 'Informe se a loja está ativa.' }).default(true),
});
export type StoreBody = z.input<typeof storeBody>;
export type StoreInput = z.output<typeof storeBody>;

export const storeCreateBody = storeBody.extend({
  hours: storeWeekField.optional().transform((week) => week ?? [...DEFAULT_STORE_WEEK]),
});
export type StoreCreateBody = z.input<typeof storeCreateBody>;
export type StoreCreateInput = z.output<typeof storeCreateBody>;

/** `?storeId=` on lists and reports: one store, or every store the caller sees when left out. */
export const storeFilterQuery = z.object({
  storeId: idField('Loja inválida.').optional(),
});
export type StoreFilterQuery = z.infer<typeof storeFilterQuery>;
