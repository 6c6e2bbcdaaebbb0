import { z } from 'zod';
import { emailField, passwordField } from './users';

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({
  token: z
    .string({ error: 'Link de redefinição inválido ou expirado. Peça um novo.' })
    .regex(/^[A-Za-z0-9_-]{20,128}$/, 'Link de redefinição inválido ou expirado. Peça um novo.'),
  password: passwordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'Informe a senha atual.' })
    .min(1, 'Informe a senha atual.')
    .max(128, 'Senha atual incorreta.'),
  newPassword: passwordField,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const preferencesBody = z.object({
  marketingOptIn: z.boolean({ error: 'Informe se deseja receber ofertas.' }),
  whatsappOptIn: z.boolean({ error: 'Informe se deseja receber mensagens por WhatsApp.' }),
});
export type Preferences = z.infer<typeof preferencesBody>;

/**
 * `DELETE /user/{id}`: without a body, an account with orders in progress or a pending charge is
 * refused (409 naming them); `cancelOpenOrders: true` cancels them first.
 */
export const deleteAccountBody = z.object({ cancelOpenOrders: z.boolean().optional() }).nullish();
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const MESSAGE_STATUS_LABELS = {
  pendente: 'Pendente',
  enviada: 'Enviada',
  falhou: 'Falhou',
  cancelada: 'Cancelada',
} as const;
export type MessageStatus = keyof typeof MESSAGE_STATUS_LABELS;
export const MESSAGE_CHANNEL_LABELS = { email: 'E-mail', whatsapp: 'WhatsApp' } as const;
export type MessageChannel = keyof typeof MESSAGE_CHANNEL_LABELS;

export const adminMessagesQuery = z.object({
  status: z.enum(['pendente', 'enviada', 'falhou', 'cancelada'], { error: 'Situação inválida.' }).optional(),
  channel: z.enum(['email', 'whatsapp'], { error: 'Canal inválido.' }).optional(),
  limit: z.coerce
    .number()
    .int('Limite inválido.')
    .min(1, 'Limite inválido.')
    .max(200, 'O limite máximo é 200.')
    .default(20),
  offset: z.coerce.number().int('Deslocamento inválido.').min(0, 'Deslocamento inválido.').default(0),
});
export type AdminMessagesQuery = z.input<typeof adminMessagesQuery>;

export const adminMessage = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  channel: z.enum(['email', 'whatsapp']),
  kind: z.string(),
  kindLabel: z.string(),
  recipient: z.string(),
  status: z.enum(['pendente', 'enviada', 'falhou', 'cancelada']),
  attempts: z.number(),
  lastError: z.string().nullable(),
  sendAfter: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminMessage = z.infer<typeof adminMessage>;

/** One message opened as it is (or would be) sent: its subject and plain text, links included. */
export const adminMessageContent = adminMessage.extend({
  subject: z.string(),
  text: z.string(),
  /** the message's button, e.g. the password-reset link; null when it has none or it is withheld */
  link: z.object({ label: z.string(), url: z.string() }).nullable(),
});
export type AdminMessageContent = z.infer<typeof adminMessageContent>;
