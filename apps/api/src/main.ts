import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './db/prepare';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  timeouts: {
    acquireMs: config.DB_ACQUIRE_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    lockMs: config.DB_LOCK_TIMEOUT_MS,
  },
  onIdleError: (error) => logIdleError(error),
});
const app = await buildApp({ config, db: database.db });
function logIdleError(error: Error) {
  const code = (error as { code?: string }).code;
  try {
    app.log.warn({ code }, 'database connection lost; the pool replaces it');
  } catch {
    console.warn(`database connection lost (${code ?? 'no code'}); the pool replaces it`);
  }
}
await prepareDatabase(database, config, app.log);
await app.jobs.start();
app.addHook('onClose', () => database.close());

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Pet shop em http://localhost:${config.PORT} (banco: ${database.kind})`);
