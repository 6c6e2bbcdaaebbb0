import type { Tx } from '../../db/client';
import { services } from './services.schema';

/** The demo services, with their ids by name for the employees who perform them. */
export const insertDemoServices = async (tx: Tx, rows: (typeof services.$inferInsert)[]) =>
  tx.insert(services).values(rows).returning({ id: services.id, name: services.name });
