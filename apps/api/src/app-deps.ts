import type { Config } from './config';
import type { Db } from './db/client';
import type { RateLimiter } from './lib/rate-limiter';

/** What route plugins receive: built once in app.ts. */
export interface AppDeps {
  config: Config;
  db: Db;
  loginLimiter: RateLimiter;
}
