import { z } from 'zod';
import { idField, paginationQuery } from './common';
import { calendarDate } from './dates';

/** GET /admin/audit: every filter optional; `from`/`to` are business days (America/Sao_Paulo), both included. */
export const auditQuery = paginationQuery
  .extend({
    entity: z
      .string()
      .trim()
      .max(40, 'Entidade inválida.')
      .regex(/^[a-z][a-z_]*$/, 'Entidade inválida.')
      .optional(),
    entityId: idField().optional(),
    userId: idField('Usuário inválido.').optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'A data inicial deve ser anterior à final.',
    path: ['to'],
  });
export type AuditQuery = z.infer<typeof auditQuery>;

/** One change staff made: only the fields that changed, in the API's own names and units. */
export const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  /** the staff member's name as it is now (null when the account is gone or the server acted) */
  userName: z.string().nullable(),
  role: z.string(),
  storeId: z.number().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** What the 'Auditoria' screen calls each entity the log names (others show their own name). */
export const AUDIT_ENTITY_LABELS: Readonly<Record<string, string>> = {
  product: 'Produto',
  category: 'Categoria',
  service: 'Serviço',
  employee: 'Funcionário',
  order: 'Pedido',
  appointment: 'Agendamento',
  user: 'Usuário',
  store: 'Loja',
  shipping: 'Frete',
  message: 'Mensagem',
  pet: 'Pet',
};

/** What the screen calls each action (others show their own name). */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Criou',
  update: 'Alterou',
  delete: 'Excluiu',
  archive: 'Arquivou',
  status: 'Mudou o status',
  cancel: 'Cancelou',
  refund: 'Estornou',
  role: 'Mudou o papel',
  hours: 'Mudou o horário',
  retry: 'Reenviou',
};
