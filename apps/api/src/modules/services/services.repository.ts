import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { services } from '../../db/schema';

const columns = {
  id: services.id,
  name: services.name,
  description: services.description,
  priceCents: services.priceCents,
  duration: services.durationMinutes,
};

const active = isNull(services.archivedAt);

export type ServiceRow = NonNullable<Awaited<ReturnType<typeof findService>>>;

export const listServices = (db: Db, limit: number, offset: number) =>
  db.select(columns).from(services).where(active).orderBy(asc(services.id)).limit(limit).offset(offset);

export const countServices = async (db: Db) =>
  (await db.select({ n: count() }).from(services).where(active))[0]?.n ?? 0;

export const findService = async (db: Db, id: number) =>
  (
    await db
      .select(columns)
      .from(services)
      .where(and(eq(services.id, id), active))
  )[0];
