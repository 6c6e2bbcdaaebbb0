import { defineConfig } from 'vitest/config';

const apiProject = (name: string, testDb: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/api/test/**/*.test.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    env: { TEST_DB: testDb },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'] } },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
