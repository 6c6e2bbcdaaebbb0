import { adminPaymentsQuery, ledgerPaymentList, ROLES } from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import * as service from './payments-ledger.service';

/** The payments ledger for the owner (every store) and managers (their stores). */
export const paymentsLedgerRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin, ROLES.manager), async (app, { db }) => {
  app.get(
    '/admin/payments',
    {
      schema: {
        operationId: 'listPayments',
        tags: ['Pagamentos'],
        summary: 'Todo o dinheiro que entrou e saiu: web, balcão e planos, num só livro (admin, gerente das lojas)',
        description:
          'Mais recentes primeiro. `from`/`to` são dias no fuso America/Sao_Paulo, inclusive, da criação do pagamento. `meta.totals` traz, sobre tudo o que os filtros alcançam (não só esta página), o que entrou por método (pagamentos cujo dinheiro chegou, reembolsados ou não); `meta.refunded`, o que foi devolvido. Gerente: só as suas lojas; `storeId` de outra loja responde 403.',
        querystring: adminPaymentsQuery,
        response: { 200: ledgerPaymentList, ...authErrors },
      },
    },
    async (request) => service.list(db, currentUser(request), request.query),
  );
});
