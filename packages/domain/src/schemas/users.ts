import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ROLES } from '../constants';
import { isCpf, isPhone } from '../documents';
import { digitsField, paginationQuery, requiredText } from './common';

export const emailField = z
  .string({ error: 'Informe o e-mail.' })
  .trim()
  .toLowerCase()
  .pipe(z.email('E-mail inválido.').max(254, 'E-mail inválido.'));

export const cpfField = digitsField('CPF inválido.', isCpf);
export const phoneField = digitsField('Telefone inválido. Use DDD e número, com 10 ou 11 dígitos.', isPhone);
export const nameField = requiredText('Informe o nome.', 120);
export const passwordField = z
  .string({ error: 'Informe a senha.' })
  .min(PASSWORD_MIN_LENGTH, `A senha deve ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`)
  .max(128, 'A senha deve ter no máximo 128 caracteres.');

export const registerBody = z.object({
  email: emailField,
  password: passwordField,
  cpf: cpfField,
  name: nameField,
  phone: phoneField,
  googleTicket: z.string().max(4096).optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: z.string({ error: 'Informe a senha.' }).min(1, 'Informe a senha.').max(128, 'Senha inválida.'),
});
export type LoginBody = z.input<typeof loginBody>;

/** Self-update and admin update. `role` is honoured for admins only; cpf may be omitted. */
export const updateUserBody = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  cpf: cpfField.optional(),
  role: z.enum([ROLES.admin, ROLES.customer], { error: 'Perfil inválido.' }).optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const googleLoginBody = z.object({
  credential: z.string({ error: 'Credencial do Google ausente.' }).min(1, 'Credencial do Google ausente.').max(8192),
});

export const publicUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  cpf: z.string(),
  phone: z.string(),
  role: z.string(),
  photoURL: z.string().nullable().optional(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** GET /user (staff): `q` finds users by name (case and accents ignored), e-mail, CPF or phone; blank lists all. */
export const userListQuery = paginationQuery.extend({
  q: z.string().trim().max(100, 'Busca muito longa.').optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;
