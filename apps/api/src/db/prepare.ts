import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from './client';
import { products } from './schema';
import { ensureAdmin } from './seed/admin';
import { seedDemoData } from './seed/demo';
import { seedReferenceData } from './seed/reference';

/**
 * Start-up data steps: migrations, reference data, the admin account, and demo data for an empty
 * embedded database (or any empty database with SEED_DEMO=1). Instances starting together take
 * turns (an advisory lock), so none sees another's half-made extension, table or admin.
 */
export const prepareDatabase = (database: Database, config: Config, log: Pick<FastifyBaseLogger, 'info'>) =>
  database.exclusive(() => prepareSteps(database, config, log));

async function prepareSteps(database: Database, config: Config, log: Pick<FastifyBaseLogger, 'info'>) {
  await database.migrate();
  await seedReferenceData(database.db);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    // Which account stays out of the log: an e-mail is personal data, wherever it comes from.
    log.info({ result }, 'admin account');
  }
  const [row] = await database.db.select({ n: count() }).from(products);
  const empty = (row?.n ?? 0) === 0;
  if (empty && (database.kind === 'pglite' || config.SEED_DEMO)) {
    await seedDemoData(database.db);
    log.info('demo data loaded');
  }
}
