import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';

/**
 * `npm run openapi`: writes the OpenAPI document the API serves at /api/docs/json to
 * `apps/api/openapi.json`. With `--check`, writes nothing and fails when the file is stale.
 * The configuration is fixed (sandbox mode, no real PSP) so the document does not depend on the
 * machine that runs it.
 */
const target = new URL('../openapi.json', import.meta.url);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'openapi-document-only-not-a-real-secret-000000',
  DATA_DIR: 'memory://',
  WEB_DIST: '/nonexistent',
});
const database = openDatabase({ dataDir: config.DATA_DIR });
const app = await buildApp({ config, db: database.db, logger: false });
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await database.close();

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // missing: stale
  }
  if (current !== document) {
    console.error('apps/api/openapi.json is out of date: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
} else {
  writeFileSync(target, document);
}
