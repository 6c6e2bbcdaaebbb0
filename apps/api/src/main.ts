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

const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const app = await buildApp({ config, db: database.db });
await prepareDatabase(database, config, app.log);
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
