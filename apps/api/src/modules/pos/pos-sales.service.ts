import {
  formatMoney,
  fromCents,
  POS_SALE_STATUS,
  type PosMethod,
  type PosSaleView,
  type posSaleBody,
  toCents,
} from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertSameRequest, KEY_REUSED_MESSAGE, requestHash } from '../../lib/idempotency';
import { violatedConstraint } from '../../lib/pg-error';
import { assertStoreAccess } from '../../lib/store-scope';
import { type Actor, recordChange } from '../audit/audit.service';
import * as packages from '../packages/packages.service';
import type { PaymentProvider, PixApi } from '../payments/payment-clients';
import type { RailConfig } from '../payments/payment-rails';
import * as settlement from '../payments/payment-settlement';
import * as payments from '../payments/payments.service';
import * as repo from './pos.repository';
import { isSupervisor, withOpenSession } from './pos-sessions.service';
import * as stock from './pos-stock';

type SaleInput = z.output<typeof posSaleBody>;

export interface SaleDeps {
  db: Db;
  provider: PaymentProvider;
  config: Pick<Config, 'PIX_EXPIRATION_SECONDS' | 'BOLETO_DAYS_TO_PAY'> & RailConfig;
}

const SALE_NOT_FOUND = 'Venda não encontrada.';
/** A Pix at the counter is paid while the customer waits: 10 minutes at most. */
const COUNTER_PIX_SECONDS = 600;
const CARD_METHODS: readonly PosMethod[] = ['Cartão de Crédito', 'Cartão de Débito'];

/** The sale's lines priced from the database: products at their price, services by the pet's size. */
interface PricedLine {
  kind: 'produto' | 'servico' | 'pacote';
  productId: number | null;
  serviceId: number | null;
  packageId: number | null;
  petId: number | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

async function priceItems(db: Db, items: SaleInput['items']) {
  const productIds = items.flatMap((item) => ('productId' in item ? [item.productId] : []));
  const found = new Map((await repo.productsByIds(db, productIds)).map((p) => [p.id, p]));
  const lines: PricedLine[] = [];
  let customerId: number | null = null;
  const byProduct = new Map<number, PricedLine>();
  for (const [index, item] of items.entries()) {
    if ('productId' in item) {
      const product = found.get(item.productId);
      if (!product)
        throw badRequest(`Produto ${item.productId} não encontrado (item ${index + 1}).`, 'PRODUCT_NOT_FOUND');
      // A scanned twice product is one line with the sum of its quantities.
      const same = byProduct.get(product.id);
      if (same) {
        same.quantity += item.quantity;
        continue;
      }
      const line: PricedLine = {
        kind: 'produto',
        productId: product.id,
        serviceId: null,
        packageId: null,
        petId: null,
        name: product.name,
        quantity: item.quantity,
        unitPriceCents: product.priceCents,
      };
      byProduct.set(product.id, line);
      lines.push(line);
    } else if ('serviceId' in item) {
      const [offered, pet] = await Promise.all([repo.findService(db, item.serviceId), repo.findPet(db, item.petId)]);
      if (!offered)
        throw badRequest(`Serviço ${item.serviceId} não encontrado (item ${index + 1}).`, 'SERVICE_NOT_FOUND');
      if (!pet) throw badRequest(`Pet ${item.petId} não encontrado (item ${index + 1}).`, 'PET_NOT_FOUND');
      customerId ??= pet.userId;
      lines.push({
        kind: 'servico',
        productId: null,
        serviceId: offered.id,
        packageId: null,
        petId: pet.id,
        name: `${offered.name} — ${pet.name} (${pet.size})`,
        quantity: 1,
        unitPriceCents: offered[pet.size],
      });
    } else {
      const [pkg, pet] = await Promise.all([packageOnSale(db, item.packageId), repo.findPet(db, item.petId)]);
      if (!pkg) throw badRequest(`Pacote ${item.packageId} não encontrado (item ${index + 1}).`, 'PACKAGE_NOT_FOUND');
      if (!pet) throw badRequest(`Pet ${item.petId} não encontrado (item ${index + 1}).`, 'PET_NOT_FOUND');
      if (pkg.size && pkg.size !== pet.size)
        throw conflict(`Este pacote é para pets de porte ${pkg.size}.`, 'PACKAGE_SIZE_MISMATCH');
      customerId ??= pet.userId;
      lines.push({
        kind: 'pacote',
        productId: null,
        serviceId: null,
        packageId: pkg.id,
        petId: pet.id,
        name: `${pkg.name} — ${pet.name}`,
        quantity: 1,
        unitPriceCents: pkg.priceCents,
      });
    }
  }
  return { lines, customerId };
}

/** A package on sale, or undefined (one removed or off sale is not sold). */
async function packageOnSale(db: Db, id: number) {
  try {
    return await packages.onSale(db, id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/** A completed sale's packages give their pets the credits, once per sale line (the packages module's grant). */
async function grantPackages(tx: Tx, saleId: number) {
  for (const item of await repo.itemsOf(tx, saleId)) {
    if (item.kind !== 'pacote' || item.packageId === null || item.petId === null) continue;
    await packages.grantPackage(tx, {
      packageId: item.packageId,
      petId: item.petId,
      source: 'balcao',
      ref: `venda-${saleId}-item-${item.id}`,
    });
  }
}

interface PlannedPayment {
  method: PosMethod;
  amountCents: number;
  receivedCents: number | null;
  installments: number | null;
  nsu: string | null;
  authorizationCode: string | null;
}

/**
 * Payments must cover the total. Only cash may pass it: the excess comes off the cash payments
 * (the last first) and, with whatever was handed over beyond them, is the change.
 */
export function planPayments(totalCents: number, given: SaleInput['payments']) {
  const planned: PlannedPayment[] = given.map((p, index) => {
    const amountCents = toCents(p.amount);
    const field = `payments.${index}`;
    if (p.method === 'Dinheiro') {
      const receivedCents = p.received === undefined ? amountCents : toCents(p.received);
      if (receivedCents < amountCents)
        throw badRequest('O valor recebido em dinheiro é menor que o pagamento.', 'RECEIVED_TOO_LOW');
      return { method: p.method, amountCents, receivedCents, installments: null, nsu: null, authorizationCode: null };
    }
    if (p.received !== undefined)
      throw badRequest(`Valor recebido só vale para dinheiro (${field}).`, 'RECEIVED_NOT_CASH');
    if (CARD_METHODS.includes(p.method)) {
      if (!p.nsu) throw badRequest('Informe o NSU do comprovante da maquininha.', 'NSU_REQUIRED');
      const installments = p.method === 'Cartão de Débito' ? 1 : (p.installments ?? 1);
      if (p.method === 'Cartão de Débito' && p.installments !== undefined && p.installments !== 1)
        throw badRequest('Cartão de débito é sempre à vista (1 parcela).', 'DEBIT_ONE_INSTALLMENT');
      return {
        method: p.method,
        amountCents,
        receivedCents: null,
        installments,
        nsu: p.nsu,
        authorizationCode: p.authorizationCode ?? null,
      };
    }
    if (p.nsu || p.authorizationCode || p.installments !== undefined)
      throw badRequest('NSU, autorização e parcelas valem só para cartão.', 'CARD_FIELDS_NOT_CARD');
    return {
      method: p.method,
      amountCents,
      receivedCents: null,
      installments: null,
      nsu: null,
      authorizationCode: null,
    };
  });
  if (planned.filter((p) => p.method === 'Pix').length > 1) throw badRequest('Use um só Pix por venda.', 'ONE_PIX');
  const paid = planned.reduce((sum, p) => sum + p.amountCents, 0);
  if (paid < totalCents)
    throw badRequest(
      `Os pagamentos não cobrem o total: faltam ${formatMoney(fromCents(totalCents - paid))}.`,
      'PAYMENTS_SHORT',
    );
  let excess = paid - totalCents;
  const cash = planned.reduce((sum, p) => sum + (p.method === 'Dinheiro' ? p.amountCents : 0), 0);
  if (excess > cash)
    throw badRequest('Só o dinheiro pode passar do total (o troco). Ajuste os outros pagamentos.', 'PAYMENTS_OVER');
  for (const p of [...planned].reverse()) {
    if (excess === 0) break;
    if (p.method !== 'Dinheiro') continue;
    const off = Math.min(excess, p.amountCents);
    p.amountCents -= off;
    excess -= off;
  }
  const kept = planned.filter((p) => p.amountCents > 0);
  const changeCents = planned.reduce(
    (sum, p) => sum + (p.receivedCents !== null ? p.receivedCents - p.amountCents : 0),
    0,
  );
  return { payments: kept, changeCents };
}

export async function saleView(db: Db | Tx, sale: repo.SaleRow): Promise<PosSaleView> {
  const [items, paid] = await Promise.all([repo.itemsOf(db, sale.id), repo.paymentsOf(db, sale.id)]);
  const charges = await Promise.all(
    paid.map((p) =>
      p.paymentId !== null && p.status === 'Pendente' ? payments.findCharge(db, p.paymentId) : undefined,
    ),
  );
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
    payments: paid.map((p, index) => {
      const charge = charges[index];
      const pending = charge ? payments.pendingCharge(charge.txid, charge.details) : undefined;
      return {
        id: p.id,
        method: p.method,
        amount: fromCents(p.amountCents),
        received: p.receivedCents === null ? null : fromCents(p.receivedCents),
        installments: p.installments,
        nsu: p.nsu,
        authorizationCode: p.authorizationCode,
        status: p.status,
        refunded: fromCents(p.refundedCents),
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

/** The first sale made under this key, if this is a replay of it (another body or operator: 409). */
async function replayOf(db: Db, user: AuthUser, key: string, hash: string) {
  const earlier = await repo.findSaleByKey(db, key);
  if (!earlier) return undefined;
  // Another operator's sale under the same key is another request, like another body.
  if (earlier.operatorId !== user.id) throw conflict(KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED');
  assertSameRequest({ hash: earlier.requestHash }, hash);
  return saleView(db, earlier);
}

/**
 * A counter sale, in one transaction: the session locked against its closing, the store's stock
 * taken (all or nothing), the items and payments written. A counter Pix is issued at the PSP before
 * the transaction (a PSP that is down leaves nothing written) and the sale waits for it; anything
 * else completes the sale at once. The same Idempotency-Key answers the same sale, never a second.
 */
export async function sell(
  deps: SaleDeps,
  user: AuthUser,
  actor: Actor,
  body: SaleInput,
  key: string,
): Promise<PosSaleView> {
  const { db } = deps;
  // A counter Pix is a charge at the shop's Pix PSP; cash and the store's own card terminal are not.
  if (body.payments.some((p) => p.method === 'Pix')) payments.assertOffered(deps, 'Pix');
  const hash = requestHash(body);
  const replay = await replayOf(db, user, key, hash);
  if (replay) return replay;
  const { lines, customerId: petOwner } = await priceItems(db, body.items);
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = body.discount === undefined ? 0 : toCents(body.discount);
  if (discountCents > subtotalCents) throw badRequest('O desconto passa do valor da venda.', 'DISCOUNT_TOO_LARGE');
  const totalCents = subtotalCents - discountCents;
  const plan = planPayments(totalCents, body.payments);
  const pixPart = plan.payments.find((p) => p.method === 'Pix');
  // The PSP is asked only for a sale that can happen: a till that is not open and the caller's
  // answers before any charge exists (the sale's own transaction checks it again, locked).
  if (pixPart) await db.transaction((tx) => withOpenSession(tx, user, body.sessionId, async () => undefined));
  const pix = pixPart
    ? await payments.issueBankCharge(
        {
          ...deps,
          config: {
            ...deps.config,
            PIX_EXPIRATION_SECONDS: Math.min(COUNTER_PIX_SECONDS, deps.config.PIX_EXPIRATION_SECONDS),
          },
        },
        'Pix',
        pixPart.amountCents,
        () => Promise.reject(new Error('a Pix charge needs no payer')),
      )
    : undefined;
  try {
    const sale = await db.transaction((tx) =>
      withOpenSession(tx, user, body.sessionId, async (session) => {
        const waits = pix !== undefined && pix.status === 'Pendente';
        const sale = await repo.insertSale(tx, {
          sessionId: session.id,
          storeId: session.storeId,
          operatorId: user.id,
          customerId: body.customerId ?? petOwner,
          cpf: body.cpf ?? null,
          idempotencyKey: key,
          requestHash: hash,
          status: waits ? POS_SALE_STATUS.awaitingPayment : POS_SALE_STATUS.completed,
          subtotalCents,
          discountCents,
          totalCents,
          changeCents: plan.changeCents,
          completedAt: waits ? null : new Date(),
        });
        const products = lines.flatMap((line) =>
          line.productId !== null ? [{ productId: line.productId, quantity: line.quantity }] : [],
        );
        const move = { storeId: session.storeId, ref: `pos-sale:${sale.id}`, userId: user.id };
        const taken = await stock.take(tx, move, products);
        if ('shortOf' in taken) {
          const name = lines.find((line) => line.productId === taken.shortOf)?.name ?? '';
          throw conflict(`Estoque insuficiente para "${name}" nesta loja.`, 'OUT_OF_STOCK');
        }
        await repo.insertItems(
          tx,
          lines.map((line) => ({ ...line, saleId: sale.id })),
        );
        if (!waits) await grantPackages(tx, sale.id);
        const paymentId =
          pix && pix.totalCents > 0
            ? await payments.recordCharge(
                tx,
                { owner: { kind: 'pos_sale', id: sale.id }, storeId: session.storeId, userId: user.id },
                'Pix',
                pix,
                { key: `pos-${key}`, hash },
              )
            : null;
        await repo.insertPayments(
          tx,
          plan.payments.map((p) => ({
            ...p,
            saleId: sale.id,
            paymentId: p.method === 'Pix' ? paymentId : null,
            status: p.method === 'Pix' && waits ? ('Pendente' as const) : ('Aprovado' as const),
          })),
        );
        await recordChange(tx, actor, {
          action: 'create',
          entity: 'counter_sale',
          entityId: sale.id,
          after: {
            status: sale.status,
            total: fromCents(totalCents),
            discount: fromCents(discountCents),
            methods: plan.payments.map((p) => p.method),
          },
          storeId: session.storeId,
        });
        return sale;
      }),
    );
    return saleView(db, sale);
  } catch (error) {
    // The same key committed by a parallel request (a retry racing the first): answer that sale.
    if (violatedConstraint(error) === 'pos_sales_idempotency_uq') {
      const earlier = await replayOf(db, user, key, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
}

/** Another operator's sale is not found, unless the caller supervises. */
export async function visibleSale(db: Db | Tx, user: AuthUser, id: number) {
  const sale = await repo.findSale(db, id);
  if (!sale || (sale.operatorId !== user.id && !isSupervisor(user))) throw notFound(SALE_NOT_FOUND);
  assertStoreAccess(user, sale.storeId, SALE_NOT_FOUND);
  return sale;
}

export const get = async (db: Db, user: AuthUser, id: number) => saleView(db, await visibleSale(db, user, id));

export interface CancelDeps {
  db: Db;
  pix: PixApi;
  log: FastifyBaseLogger;
  outcomes: settlement.ChargeOutcomes;
}

/**
 * The customer gave up on a waiting counter Pix: the charge is withdrawn at the PSP first (so it can
 * no longer be paid), then the sale is cancelled and its units go back. Paid meanwhile → 409.
 */
export async function cancel(deps: CancelDeps, user: AuthUser, actor: Actor, id: number) {
  const sale = await visibleSale(deps.db, user, id);
  if (sale.status !== POS_SALE_STATUS.awaitingPayment) throw notWaiting(sale.status);
  for (const p of await repo.paymentsOf(deps.db, sale.id)) {
    if (p.paymentId === null || p.status !== 'Pendente') continue;
    const charge = await settlement.findCharge(deps.db, p.paymentId);
    if (charge && (await settlement.withdrawCharge(deps, charge)) === 'paid')
      throw conflict('O Pix desta venda acabou de ser pago: a venda está concluída.', 'SALE_PAID');
  }
  const done = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockSale(tx, sale.id);
    if (!locked || locked.status !== POS_SALE_STATUS.awaitingPayment) return locked;
    for (const p of await repo.paymentsOf(tx, sale.id))
      if (p.paymentId !== null && p.status === 'Pendente') await payments.cancelPending(tx, p.paymentId);
    if (await giveUp(tx, locked, user.id))
      await recordChange(tx, actor, {
        action: 'cancel',
        entity: 'counter_sale',
        entityId: sale.id,
        before: { status: locked.status },
        after: { status: POS_SALE_STATUS.cancelled },
        storeId: locked.storeId,
      });
    return repo.findSale(tx, sale.id);
  });
  if (!done) throw notFound(SALE_NOT_FOUND);
  if (done.status !== POS_SALE_STATUS.cancelled) throw notWaiting(done.status);
  return saleView(deps.db, done);
}

const notWaiting = (status: string) =>
  conflict(
    status === POS_SALE_STATUS.completed ? 'Esta venda já está concluída.' : 'Esta venda já foi cancelada.',
    'SALE_NOT_WAITING',
  );

/** Gives a sale that never completed its stock back (a counter Pix expired or was cancelled). */
export async function giveUp(tx: Tx, sale: repo.SaleRow, userId: number) {
  if (!(await repo.moveSale(tx, sale.id, POS_SALE_STATUS.awaitingPayment, POS_SALE_STATUS.cancelled))) return false;
  await repo.cancelPendingPayments(tx, sale.id);
  const items = await repo.itemsOf(tx, sale.id);
  const lines = items.flatMap((item) =>
    item.productId !== null ? [{ productId: item.productId, quantity: item.quantity }] : [],
  );
  await stock.giveBack(
    tx,
    { storeId: sale.storeId, ref: `pos-sale:${sale.id}`, userId, reason: 'cancelamento' },
    lines,
  );
  return true;
}

/** A waiting counter Pix was paid: its payment is approved and, nothing else waiting, the sale completes. */
export async function pixPaid(tx: Tx, paymentId: number) {
  const payment = await repo.findPaymentByCharge(tx, paymentId);
  if (!payment) return;
  const sale = await repo.lockSale(tx, payment.saleId);
  if (!sale || sale.status !== POS_SALE_STATUS.awaitingPayment) return;
  await repo.setPaymentStatus(tx, payment.id, 'Aprovado');
  const waiting = (await repo.paymentsOf(tx, sale.id)).some((p) => p.status === 'Pendente');
  if (!waiting && (await repo.moveSale(tx, sale.id, POS_SALE_STATUS.awaitingPayment, POS_SALE_STATUS.completed)))
    await grantPackages(tx, sale.id);
}

/** A waiting counter Pix expired: the sale is cancelled and its units go back on the shelf. */
export async function pixExpired(tx: Tx, paymentId: number) {
  const payment = await repo.findPaymentByCharge(tx, paymentId);
  if (!payment) return;
  const sale = await repo.lockSale(tx, payment.saleId);
  if (sale) await giveUp(tx, sale, sale.operatorId);
}
