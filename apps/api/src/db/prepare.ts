import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from './client';
import { products } from './schema';
import { ensureAdmin } from './seed/admin';
import { seedDemoData } from './seed/demo';
import { createDemoOwner, DEMO_OWNER_EMAIL, demoOwnerExists } from './seed/demo-owner';
import { seedReferenceData } from './seed/reference';

/**
 * How to reach the back office, for the start banner: the configured admin, or the demo owner
 * (whose password is known only on the start that created it), or nobody yet.
 */
export type BackOfficeSignIn =
  | { source: 'config'; email: string }
  | { source: 'demo'; email: string; password?: string }
  | { source: 'none' };

/**
 * Start-up data steps: migrations, reference data, the admin account, and demo data for an empty
 * embedded database (or any empty database with SEED_DEMO=1). Instances starting together take
 * turns (an advisory lock), so none sees another's half-made extension, table or admin.
 */
export const prepareDatabase = (
  database: Database,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<BackOfficeSignIn> => database.exclusive(() => prepareSteps(database, config, log));

async function prepareSteps(database: Database, config: Config, log: Pick<FastifyBaseLogger, 'info'>) {
  await database.migrate();
  await seedReferenceData(database.db);
  log.info({ db: database.kind }, 'banco de dados pronto');
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    // Which account stays out of the log: an e-mail is personal data, wherever it comes from.
    log.info({ result }, 'conta do painel (ADMIN_EMAIL) conferida');
  }
  const [row] = await database.db.select({ n: count() }).from(products);
  const empty = (row?.n ?? 0) === 0;
  let signIn: BackOfficeSignIn = config.ADMIN_EMAIL
    ? { source: 'config', email: config.ADMIN_EMAIL }
    : { source: 'none' };
  if (empty && (database.kind === 'pglite' || config.SEED_DEMO)) {
    await seedDemoData(database.db);
    log.info('dados de demonstração carregados');
    // A demo install gets an owner account unless one is configured; its password is shown once.
    if (!config.ADMIN_EMAIL) signIn = { source: 'demo', ...(await createDemoOwner(database.db)) };
  } else if (!config.ADMIN_EMAIL && (await demoOwnerExists(database.db))) {
    signIn = { source: 'demo', email: DEMO_OWNER_EMAIL };
  }
  return signIn;
}
