import { CYCLE_STATUS, idParam, ROLES, sandboxAuthorizeResult, sandboxCycleResult } from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { CUSTOMER, routeGroup } from '../../lib/route-group';
import { cyclesOf } from './cycles.repository';
import * as repo from './plans.repository';

/** The payer's bank of the embedded Pix stand-in, for Pix Automático. */
export interface SandboxRecurrenceBank {
  authorizeRec(idRec: string): Promise<'approved' | 'rejected' | 'unknown' | 'not-pending'>;
  payCycle(txid: string): Promise<'paid' | 'rejected' | 'unknown' | 'not-payable'>;
}

/**
 * Sandbox mode only: 'Simular autorização' (the payer approves the recurrence in their bank app) and
 * the payment of the next cycle, as the customer's bank would. The stand-in then calls the webhooks.
 */
export const plansSandboxRoutes = routeGroup<{ db: Db; config: Config; sandboxBank?: SandboxRecurrenceBank }>(
  CUSTOMER,
  async (app, { db, config, sandboxBank: bank }) => {
    const adminsOnly = config.NODE_ENV === 'production';
    const own = async (auth: ReturnType<typeof currentUser>, id: number) => {
      const sub = await repo.findSubscription(db, id);
      const allowed = auth.role === ROLES.admin || (!adminsOnly && sub?.userId === auth.id);
      if (!sub || !allowed || !bank) throw notFound('Assinatura não encontrada.');
      return { sub, bank };
    };

    app.post(
      '/sandbox/subscriptions/:id/authorize',
      {
        schema: {
          operationId: 'authorizeSandboxRecurrence',
          tags: ['Planos e assinaturas'],
          summary: 'Simular a autorização do Pix Automático no app do banco (ambiente de testes)',
          params: idParam,
          response: { 200: envelope(sandboxAuthorizeResult), ...authErrors, 409: errorBody },
        },
      },
      async (request) => {
        const { sub, bank: payer } = await own(currentUser(request), request.params.id);
        const outcome = sub.idRec ? await payer.authorizeRec(sub.idRec) : 'unknown';
        if (outcome !== 'approved' && outcome !== 'rejected') {
          throw conflict('Esta assinatura não aguarda autorização.', 'NOT_AWAITING_AUTHORIZATION');
        }
        return {
          data: {
            idRec: sub.idRec as string,
            status: outcome === 'approved' ? ('APROVADA' as const) : ('REJEITADA' as const),
          },
          message: outcome === 'approved' ? 'Autorização simulada.' : 'O banco recusou a autorização.',
        };
      },
    );

    app.post(
      '/sandbox/subscriptions/:id/pay-cycle',
      {
        schema: {
          operationId: 'paySandboxCycle',
          tags: ['Planos e assinaturas'],
          summary: 'Simular a liquidação da próxima cobrança da assinatura (ambiente de testes)',
          params: idParam,
          response: { 200: envelope(sandboxCycleResult), ...authErrors, 409: errorBody },
        },
      },
      async (request) => {
        const { sub, bank: payer } = await own(currentUser(request), request.params.id);
        const charged = (await cyclesOf(db, [sub.id])).find((c) => c.status === CYCLE_STATUS.charged);
        const outcome = charged ? await payer.payCycle(charged.txid) : 'unknown';
        if (!charged || (outcome !== 'paid' && outcome !== 'rejected')) {
          throw conflict('Não há cobrança agendada para esta assinatura.', 'NO_CYCLE_TO_PAY');
        }
        return {
          data: { txid: charged.txid, outcome },
          message: outcome === 'paid' ? 'Ciclo pago.' : 'O pagamento do ciclo falhou.',
        };
      },
    );
  },
);
