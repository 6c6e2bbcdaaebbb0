import { defineConfig } from 'vitest/config';

/** Browser journeys against the real server; see apps/web/e2e/global-setup.ts. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['apps/web/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/web/e2e/global-setup.ts'],
    // One browser and one server: files run one after another.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    // A journey that fails is run once more: a broken feature fails twice, a timing hiccup of a
    // loaded CI machine does not sink the run. The JSON report still records the retry.
    retry: 1,
    hookTimeout: 60_000,
  },
});
