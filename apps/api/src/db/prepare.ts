import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { ensureAdmin } from '../modules/users/admin-account';
import { currentRole, grantAppRole, ownsTheSchema } from './app-role';
import type { Database } from './client';
import { products } from './schema';
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
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  owner?: OwnerSteps,
): Promise<BackOfficeSignIn> => database.exclusive(() => prepareSteps(database, config, log, owner));

/**
 * With DATABASE_OWNER_URL: the owner's connection, which runs the migrations and the job queues'
 * schema, then grants the app's role its rows (db/app-role.ts).
 */
export interface OwnerSteps {
  database: Database;
  installJobs(owner: Database['db']): Promise<void>;
}

async function prepareSteps(
  database: Database,
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  owner: OwnerSteps | undefined,
) {
  if (owner) {
    await owner.database.migrate();
    await owner.installJobs(owner.database.db);
    await grantAppRole(owner.database.db, await currentRole(database.db));
  } else {
    await database.migrate();
  }
  if (database.kind === 'postgres' && (await ownsTheSchema(database.db))) {
    // Said at every start until it is fixed: such a role could switch the audit log's trigger off.
    log.warn(
      'o app conecta ao PostgreSQL como dono das tabelas ou superusuário: use um papel só de dados em DATABASE_URL e o dono em DATABASE_OWNER_URL (docs/deploy.md)',
    );
  }
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
