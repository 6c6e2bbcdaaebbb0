import { z } from 'zod';
import { isPhone } from '../documents';
import { digitsField, idField, paginationQuery, positiveInt, requiredText } from './common';

/** POST/PUT /employers (admin). The phone may come masked; digits are kept. */
export const employeeBody = z.object({
  name: requiredText('Informe o nome do funcionário.', 120),
  phone: digitsField('Telefone inválido. Use DDD e número, com 10 ou 11 dígitos.', isPhone),
  position: requiredText('Informe o cargo.', 80),
  service_id: positiveInt('Selecione um serviço.'),
  /** the store they work at: the main store when left out on POST, unchanged when left out on PUT */
  store_id: positiveInt('Selecione a loja.').optional(),
});
export type EmployeeBody = z.input<typeof employeeBody>;

/** GET /employers and /employers/service/{id}: a page, of one store's employees when `storeId` is given. */
export const employeesQuery = paginationQuery.extend({
  storeId: idField('Loja inválida.').optional(),
});
export type EmployeesQuery = z.infer<typeof employeesQuery>;

export const serviceIdParam = z.object({
  serviceId: idField(),
});

/** Customers see no phone; admins do. */
export const employee = z.object({
  id: z.number(),
  name: z.string(),
  position: z.string(),
  service_id: z.number(),
  store_id: z.number(),
  phone: z.string().optional(),
});
export type Employee = z.infer<typeof employee>;
