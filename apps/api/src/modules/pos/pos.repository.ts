import type { PetSize, PosSaleStatus } from '@petshop/domain';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import {
  pets,
  posCashMovements,
  posReturns,
  posSaleItems,
  posSalePayments,
  posSales,
  posSessions,
  products,
  services,
  stores,
} from '../../db/schema';
import type { MethodCents } from './pos.schema';

export type SessionRow = typeof posSessions.$inferSelect;
export type SaleRow = typeof posSales.$inferSelect;
export type SaleItemRow = typeof posSaleItems.$inferSelect;
export type SalePaymentRow = typeof posSalePayments.$inferSelect;
export type ReturnRow = typeof posReturns.$inferSelect;

export const storeExists = async (db: Executor, id: number) =>
  (await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id))).length > 0;

export const insertSession = async (
  tx: Tx,
  values: { storeId: number; operatorId: number; openingCashCents: number },
) => {
  const [row] = await tx.insert(posSessions).values(values).returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
};

export const findSession = async (db: Executor, id: number) =>
  (await db.select().from(posSessions).where(eq(posSessions.id, id)))[0];

/** The operator's open session (at `storeId`, or at any store). */
export const findOpenSession = async (db: Executor, operatorId: number, storeId?: number) =>
  (
    await db
      .select()
      .from(posSessions)
      .where(
        and(
          eq(posSessions.operatorId, operatorId),
          isNull(posSessions.closedAt),
          storeId === undefined ? undefined : eq(posSessions.storeId, storeId),
        ),
      )
      .orderBy(asc(posSessions.id))
      .limit(1)
  )[0];

/** Closing and every write on a session take its row: a sale waits for a closing, then sees it. */
export const lockSession = async (tx: Tx, id: number, mode: 'update' | 'share') =>
  (
    await tx
      .select()
      .from(posSessions)
      .where(eq(posSessions.id, id))
      .for(mode === 'update' ? 'update' : 'key share')
  )[0];

export const closeSession = (tx: Tx, id: number, expected: MethodCents, counted: MethodCents) =>
  tx
    .update(posSessions)
    .set({ closedAt: new Date(), expected, counted })
    .where(and(eq(posSessions.id, id), isNull(posSessions.closedAt)));

export const insertMovement = (
  tx: Tx,
  values: { sessionId: number; type: 'sangria' | 'suprimento'; amountCents: number; note: string; userId: number },
) => tx.insert(posCashMovements).values(values);

export const listMovements = (db: Executor, sessionId: number) =>
  db.select().from(posCashMovements).where(eq(posCashMovements.sessionId, sessionId)).orderBy(asc(posCashMovements.id));

/** What the completed sales of a session took by each method (cash: what stayed, change given). */
export const takenByMethod = (db: Executor, sessionId: number) =>
  db
    .select({ method: posSalePayments.method, cents: sql<number>`sum(${posSalePayments.amountCents})`.mapWith(Number) })
    .from(posSalePayments)
    .innerJoin(posSales, eq(posSales.id, posSalePayments.saleId))
    .where(
      // A completed sale's payments were all received (the ledger settles them together with it).
      and(eq(posSales.sessionId, sessionId), eq(posSales.status, 'Concluída')),
    )
    .groupBy(posSalePayments.method);

/** What returns taken at this session paid back. */
export const returnsOfSession = (db: Executor, sessionId: number) =>
  db.select({ refunds: posReturns.refunds }).from(posReturns).where(eq(posReturns.sessionId, sessionId));

export const countSales = async (db: Executor, sessionId: number, status?: PosSaleStatus) =>
  (
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(posSales)
      .where(
        and(
          eq(posSales.sessionId, sessionId),
          status === undefined ? ne(posSales.status, 'Cancelada') : eq(posSales.status, status),
        ),
      )
  )[0]?.n ?? 0;

/** Live products with their current name and price. */
export const productsByIds = (db: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({ id: products.id, name: products.name, priceCents: products.priceCents })
        .from(products)
        .where(and(inArray(products.id, ids), isNull(products.archivedAt)));

/** A live service with its price for each size, as booking prices it. */
export const findService = async (db: Executor, id: number) =>
  (
    await db
      .select({
        id: services.id,
        name: services.name,
        Pequeno: services.priceSmallCents,
        Médio: services.priceMediumCents,
        Grande: services.priceLargeCents,
      })
      .from(services)
      .where(and(eq(services.id, id), isNull(services.archivedAt)))
  )[0];

export const findPet = async (db: Executor, id: number) =>
  (
    await db
      .select({ id: pets.id, name: pets.name, userId: pets.userId, size: sql<PetSize>`${pets.size}` })
      .from(pets)
      .where(and(eq(pets.id, id), isNull(pets.deletedAt)))
  )[0];

export const findSaleByKey = async (db: Executor, key: string) =>
  (await db.select().from(posSales).where(eq(posSales.idempotencyKey, key)))[0];

export const findSale = async (db: Executor, id: number) =>
  (await db.select().from(posSales).where(eq(posSales.id, id)))[0];

export const lockSale = async (tx: Tx, id: number) =>
  (await tx.select().from(posSales).where(eq(posSales.id, id)).for('update'))[0];

export const insertSale = async (tx: Tx, values: typeof posSales.$inferInsert) => {
  const [row] = await tx.insert(posSales).values(values).returning();
  if (!row) throw new Error('sale insert returned nothing');
  return row;
};

export const insertItems = (tx: Tx, values: (typeof posSaleItems.$inferInsert)[]) =>
  tx.insert(posSaleItems).values(values);

export const insertPayments = (tx: Tx, values: (typeof posSalePayments.$inferInsert)[]) =>
  tx.insert(posSalePayments).values(values);

export const itemsOf = (db: Executor, saleId: number) =>
  db.select().from(posSaleItems).where(eq(posSaleItems.saleId, saleId)).orderBy(asc(posSaleItems.id));

export const paymentsOf = (db: Executor, saleId: number) =>
  db.select().from(posSalePayments).where(eq(posSalePayments.saleId, saleId)).orderBy(asc(posSalePayments.id));

export const findPaymentByCharge = async (db: Executor, paymentId: number) =>
  (await db.select().from(posSalePayments).where(eq(posSalePayments.paymentId, paymentId)))[0];

export const addReturned = (tx: Tx, itemId: number, quantity: number) =>
  tx
    .update(posSaleItems)
    .set({ returnedQuantity: sql`${posSaleItems.returnedQuantity} + ${quantity}` })
    .where(eq(posSaleItems.id, itemId));

/** Conditional on the sale still waiting: of a settlement and a cancel, only one moves it. */
export const moveSale = async (tx: Tx, id: number, from: PosSaleStatus, to: 'Concluída' | 'Cancelada') =>
  (
    await tx
      .update(posSales)
      .set({ status: to, ...(to === 'Concluída' ? { completedAt: new Date() } : {}) })
      .where(and(eq(posSales.id, id), eq(posSales.status, from)))
      .returning({ id: posSales.id })
  ).length > 0;

export const insertReturn = async (tx: Tx, values: typeof posReturns.$inferInsert) => {
  const [row] = await tx.insert(posReturns).values(values).returning();
  if (!row) throw new Error('return insert returned nothing');
  return row;
};

export const findReturnByKey = async (db: Executor, saleId: number, key: string) =>
  (
    await db
      .select()
      .from(posReturns)
      .where(and(eq(posReturns.saleId, saleId), eq(posReturns.requestKey, key)))
  )[0];
