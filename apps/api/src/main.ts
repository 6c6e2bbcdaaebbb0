import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir';
import { prepareDatabase } from './db/prepare';
import { startBanner } from './lib/start-banner';

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

const database = openOrExit();
function openOrExit() {
  try {
    return openDatabase({
      url: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      timeouts: {
        acquireMs: config.DB_ACQUIRE_TIMEOUT_MS,
        statementMs: config.DB_STATEMENT_TIMEOUT_MS,
        lockMs: config.DB_LOCK_TIMEOUT_MS,
      },
      onIdleError: (error) => logIdleError(error),
    });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
const app = await buildApp({ config, db: database.db });
function logIdleError(error: Error) {
  const code = (error as { code?: string }).code;
  try {
    app.log.warn({ code }, 'database connection lost; the pool replaces it');
  } catch {
    console.warn(`database connection lost (${code ?? 'no code'}); the pool replaces it`);
  }
}
const signIn = await prepareAsOwner();
/** Migrations as the owner when DATABASE_OWNER_URL names one; the app keeps its own role. */
async function prepareAsOwner() {
  if (!config.DATABASE_OWNER_URL) return prepareDatabase(database, config, app.log);
  const owner = openDatabase({ url: config.DATABASE_OWNER_URL, dataDir: '', poolSize: 2 });
  try {
    return await prepareDatabase(database, config, app.log, {
      database: owner,
      installJobs: (ownerDb) => app.jobs.install(ownerDb),
    });
  } finally {
    await owner.close();
  }
}
await app.jobs.start();
app.addHook('onClose', () => database.close());

/** Past this, whatever is still running is cut and the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;
let stopping = false;
/**
 * One path for every way of being told to stop. A second signal (the process group's and the one
 * `npm start` forwards) changes nothing: requests in flight still finish.
 */
function shutdown(reason: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ reason }, 'shutting down');
  setTimeout(() => {
    app.log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed, exiting');
    process.exit(1);
  }, SHUTDOWN_DEADLINE_MS).unref();
  // Kept-alive connections that go quiet (at once, or after their last answer) are closed.
  setInterval(() => app.server.closeIdleConnections(), 100).unref();
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
// Started by `npm start` with an IPC channel: when that process goes, for whatever reason, so does the API.
process.on('disconnect', () => shutdown('parent exited'));

await app.listen({ port: config.PORT, host: config.HOST });
const banner = startBanner({
  url: `http://localhost:${config.PORT}`,
  db: database.kind,
  signIn,
  smtp: Boolean(config.SMTP_URL),
  paymentsSandbox: config.PAYMENTS_SANDBOX,
});
// Plain lines on stdout for the person at the terminal (scripts/start.mjs passes them through).
console.log(banner.join('\n'));
