import { defineConfig } from 'vitest/config';

/**
 * `npm run test:resilience`: the API as real processes on PostgreSQL (TEST_DATABASE_URL), attacked
 * and broken from outside: fuzzing, kill -9 under load, database connections cut, races between
 * two processes, the start script's signals. Files run one after another: each starts its own
 * processes and the machine is small.
 */
export default defineConfig({
  test: {
    name: 'resilience',
    include: ['apps/api/resilience/**/*.test.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    env: { TEST_DB: 'postgres' },
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
