import { defineProject } from 'vitest/config';
import { preactAliases } from './preact-aliases.ts';

export default defineProject({
  resolve: {
    alias: [
      // Its package.json points Node at the CommonJS build, which Vite would not rewrite to Preact.
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
      ...preactAliases,
    ],
    // ESM builds ('module' before Node's CommonJS 'default'), which Vite rewrites to Preact.
    conditions: ['module', 'browser', 'development'],
    dedupe: ['preact'],
  },
  ssr: { resolve: { conditions: ['module', 'browser', 'development'] } },
  test: {
    // Libraries that import React are bundled by Vite here, so they meet Preact's compatibility layer too.
    server: {
      deps: {
        inline: [/preact/, /@testing-library/, /react-router/, /@tanstack/, /sonner/, /react-imask/, /embla-carousel/],
      },
    },
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The form tests type into several fields; on a busy shared machine that alone can take over 5 s.
    testTimeout: 20_000,
    // Component tests load no third-party scripts (Google's); a <script> tag counts as loaded.
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
  },
});
