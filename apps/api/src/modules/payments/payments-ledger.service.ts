import {
  type AdminPaymentsQuery,
  fromCents,
  type LedgerMethod,
  type LedgerPayment,
  type LedgerPaymentList,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { canAccessStore, storeScopeOf } from '../../lib/store-scope';
import * as repo from './payments-ledger.repository';

type Row = Awaited<ReturnType<typeof repo.listPage>>[number];

const view = (row: Row): LedgerPayment => ({
  id: row.id,
  owner: { kind: row.ownerKind, id: row.ownerId },
  storeId: row.storeId,
  method: row.method,
  amount: fromCents(row.totalCents),
  status: row.status,
  refunded: fromCents(row.refundedCents),
  ...(row.pspPaymentId ? { pspPaymentId: row.pspPaymentId } : {}),
  ...(row.txid ? { txid: row.txid } : {}),
  ...(row.nsu ? { nsu: row.nsu } : {}),
  ...(row.installments ? { installments: row.installments } : {}),
  ...(row.cardBrand ? { cardBrand: row.cardBrand } : {}),
  ...(row.cardLastFour ? { cardLast4: row.cardLastFour } : {}),
  createdAt: row.createdAt.toISOString(),
  ...(row.settledAt ? { settledAt: row.settledAt.toISOString() } : {}),
});

/**
 * The money of the web, the counter and the plans in one list: the owner's of every store, a
 * manager's of their stores only (asking for another store is a 403).
 */
export async function list(db: Db, auth: AuthUser, query: AdminPaymentsQuery): Promise<LedgerPaymentList> {
  const { limit, offset, storeId, ...rest } = query;
  if (storeId !== undefined && !canAccessStore(auth, storeId))
    throw forbidden('Você não tem acesso aos pagamentos desta loja.');
  const scope = storeScopeOf(auth);
  const filter: repo.LedgerFilter = {
    ...rest,
    ...(storeId !== undefined ? { storeIds: [storeId] } : scope.all ? {} : { storeIds: scope.storeIds }),
  };
  const [rows, sums] = await Promise.all([repo.listPage(db, filter, { limit, offset }), repo.sums(db, filter)]);
  const totals: Record<LedgerMethod, number> = {
    Pix: 0,
    'Cartão de Crédito': 0,
    'Cartão de Débito': 0,
    Boleto: 0,
    'Pix Automático': 0,
    Dinheiro: 0,
  };
  for (const s of sums) totals[s.method] = fromCents(s.receivedCents);
  return {
    data: rows.map(view),
    meta: {
      total: sums.reduce((n, s) => n + s.n, 0),
      limit,
      offset,
      totals,
      refunded: fromCents(sums.reduce((n, s) => n + s.refundedCents, 0)),
    },
  };
}
