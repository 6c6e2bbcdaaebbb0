import { loadConfig } from '../config';
import { openDatabase } from './client';
import { prepareDatabase } from './prepare';

/** `npm run seed`: migrate and load demo data into the configured database if it has no products. */
const config = { ...loadConfig(), SEED_DEMO: true };
// The owner's role when one is named: the seed migrates, and the app's role may create nothing.
const database = openDatabase({ url: config.DATABASE_OWNER_URL ?? config.DATABASE_URL, dataDir: config.DATA_DIR });
await prepareDatabase(database, config, {
  info: (...args: unknown[]) => console.log(...args),
  warn: (...args: unknown[]) => console.warn(...args),
});
await database.close();
