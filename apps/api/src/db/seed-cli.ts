import { loadConfig } from '../config';
import { openDatabase } from './client';
import { prepareDatabase } from './prepare';

/** `npm run seed`: migrate and load demo data into the configured database if it has no products. */
const config = { ...loadConfig(), SEED_DEMO: true };
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await prepareDatabase(database, config, { info: (...args: unknown[]) => console.log(...args) });
await database.close();
