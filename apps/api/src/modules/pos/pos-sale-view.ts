import { fromCents, PAYMENT_STATUS, type PaymentStatus, type PosSaleView } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertStoreAccess } from '../../lib/store-scope';
import * as ledger from '../payments/counter-payments';
import * as payments from '../payments/payments.service';
import * as repo from './pos.repository';
import { isSupervisor } from './pos-sessions.service';

export const SALE_NOT_FOUND = 'Venda não encontrada.';

/** A sale's payments as the counter recorded them, each with its row of the payments ledger. */
export async function salePayments(db: Db | Tx, saleId: number) {
  const rows = await repo.paymentsOf(db, saleId);
  const found = await ledger.counterPayments(
    db,
    rows.map((row) => row.paymentId),
  );
  return rows.map((row) => {
    const payment = found.get(row.paymentId);
    if (!payment) throw new Error(`counter payment ${row.id} has no ledger row ${row.paymentId}`);
    return { ...row, ledger: payment };
  });
}
export type SalePayment = Awaited<ReturnType<typeof salePayments>>[number];

const GONE: readonly PaymentStatus[] = [PAYMENT_STATUS.expired, PAYMENT_STATUS.cancelled, PAYMENT_STATUS.declined];

/** The till's three states of a payment, read from the ledger's. */
const tillStatus = (status: PaymentStatus): 'Pendente' | 'Cancelado' | 'Aprovado' =>
  status === PAYMENT_STATUS.pending ? 'Pendente' : GONE.includes(status) ? 'Cancelado' : 'Aprovado';

export async function saleView(db: Db | Tx, sale: repo.SaleRow): Promise<PosSaleView> {
  const [items, paid] = await Promise.all([repo.itemsOf(db, sale.id), salePayments(db, sale.id)]);
  return {
    id: sale.id,
    sessionId: sale.sessionId,
    storeId: sale.storeId,
    status: sale.status,
    customerId: sale.customerId,
    cpf: sale.cpf,
    items: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      productId: item.productId,
      serviceId: item.serviceId,
      packageId: item.packageId,
      petId: item.petId,
      name: item.name,
      quantity: item.quantity,
      unitPrice: fromCents(item.unitPriceCents),
      total: fromCents(item.unitPriceCents * item.quantity),
      returnedQuantity: item.returnedQuantity,
    })),
    subtotal: fromCents(sale.subtotalCents),
    discount: fromCents(sale.discountCents),
    total: fromCents(sale.totalCents),
    change: fromCents(sale.changeCents),
    payments: paid.map((p) => {
      const pending =
        p.ledger.status === PAYMENT_STATUS.pending
          ? payments.pendingCharge(p.ledger.txid, p.ledger.details)
          : undefined;
      return {
        id: p.id,
        method: p.method,
        amount: fromCents(p.amountCents),
        received: p.receivedCents === null ? null : fromCents(p.receivedCents),
        installments: p.ledger.installments,
        nsu: p.ledger.nsu,
        authorizationCode: p.ledger.authorizationCode,
        status: tillStatus(p.ledger.status),
        refunded: fromCents(p.ledger.refundedCents),
        pix:
          pending?.txid && pending.pixCode && pending.pixQrCode
            ? {
                txid: pending.txid,
                pixCode: pending.pixCode,
                pixQrCode: pending.pixQrCode,
                expiresAt: pending.expiresAt ?? null,
              }
            : null,
      };
    }),
    createdAt: sale.createdAt.toISOString(),
    completedAt: sale.completedAt?.toISOString() ?? null,
  };
}

/** Another operator's sale is not found, unless the caller supervises. */
export async function visibleSale(db: Db | Tx, user: AuthUser, id: number) {
  const sale = await repo.findSale(db, id);
  if (!sale || (sale.operatorId !== user.id && !isSupervisor(user))) throw notFound(SALE_NOT_FOUND);
  assertStoreAccess(user, sale.storeId, SALE_NOT_FOUND);
  return sale;
}
