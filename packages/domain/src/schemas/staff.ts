import { z } from 'zod';
import { ROLES, STORE_ROLES } from '../constants';
import { emailField, publicUser } from './users';

/** `POST /employers/{id}/invite`: the employee's account, by e-mail, in a store role. */
export const staffInviteBody = z.object({
  email: emailField,
  role: z.enum(STORE_ROLES, { error: 'Perfil inválido. Use gerente, atendente ou profissional.' }),
});
export type StaffInviteBody = z.input<typeof staffInviteBody>;

/**
 * What an invitation did. A new e-mail: the account it made, in the role and store at once, and a
 * set-password link. An existing account (`pending`): nothing yet; the role, the store and the
 * employee link come when the person accepts by the e-mailed link. `storeIds`: the account's
 * stores once it has accepted. `expiresAt`: until when the link works.
 */
export const staffInvitation = z.object({
  employeeId: z.number(),
  userId: z.number(),
  email: z.string(),
  role: z.string(),
  storeIds: z.array(z.number()),
  expiresAt: z.string(),
  pending: z.boolean(),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;

/** `PUT /user/{id}/role`: the role and, for store roles, the stores (at least one). */
export const userRoleBody = z
  .object({
    role: z.enum([ROLES.customer, ROLES.admin, ROLES.manager, ROLES.reception, ROLES.professional], {
      error: 'Perfil inválido.',
    }),
    storeIds: z.array(z.number().int().positive(), { error: 'Lojas inválidas.' }).max(100).default([]),
  })
  .refine((body) => !(STORE_ROLES as readonly string[]).includes(body.role) || body.storeIds.length > 0, {
    message: 'Escolha ao menos uma loja para este perfil.',
    path: ['storeIds'],
  });
export type UserRoleBody = z.input<typeof userRoleBody>;

/** A user with the stores they work in ('all' for the owner). */
export const staffUser = publicUser.extend({
  storeIds: z.union([z.array(z.number()), z.literal('all')]),
});
export type StaffUser = z.infer<typeof staffUser>;

/** `POST /auth/invitations/accept`: the token of the e-mailed link. */
export const acceptInvitationBody = z.object({
  token: z
    .string({ error: 'Convite inválido ou expirado. Peça um novo a quem convidou você.' })
    .regex(/^[A-Za-z0-9_-]{20,128}$/, 'Convite inválido ou expirado. Peça um novo a quem convidou você.'),
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;
