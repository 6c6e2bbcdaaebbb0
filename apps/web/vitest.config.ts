import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The form tests type into several fields; on a busy shared machine that alone can take over 5 s.
    testTimeout: 20_000,
    // Component tests load no third-party scripts (Google's); a <script> tag counts as loaded.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
  },
});
