import { asc, eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { shippingRates, shippingSettings } from '../../db/schema';

const SETTINGS_ID = 1;

export const listRates = (db: Executor) =>
  db
    .select({ uf: shippingRates.uf, priceCents: shippingRates.priceCents, days: shippingRates.days })
    .from(shippingRates)
    .orderBy(asc(shippingRates.uf));

export const findRate = async (db: Executor, uf: string) =>
  (
    await db
      .select({ priceCents: shippingRates.priceCents, days: shippingRates.days })
      .from(shippingRates)
      .where(eq(shippingRates.uf, uf))
  )[0];

export const freeAboveCents = async (db: Executor) =>
  (
    await db
      .select({ cents: shippingSettings.freeAboveCents })
      .from(shippingSettings)
      .where(eq(shippingSettings.id, SETTINGS_ID))
  )[0]?.cents ?? null;

export async function replaceTable(
  tx: Tx,
  rates: { uf: string; priceCents: number; days: number }[],
  freeAbove: number | null,
) {
  await tx.delete(shippingRates);
  if (rates.length > 0) await tx.insert(shippingRates).values(rates);
  await tx
    .insert(shippingSettings)
    .values({ id: SETTINGS_ID, freeAboveCents: freeAbove })
    .onConflictDoUpdate({ target: shippingSettings.id, set: { freeAboveCents: freeAbove } });
}
