import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// With their extensions: Vite's native config loader (its future default) needs them.
import { bundleMap } from './bundle-map-plugin.ts';
import { preactAliases } from './preact-aliases.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  plugins: [react(), bundleMap(repoRoot)],
  resolve: { alias: preactAliases },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.API_PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 2048,
    // Every browser the shop supports (es2022) knows <link rel=modulepreload>; the polyfill was dead weight on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      onLog(level, log, handler) {
        // React Router reads `use` and `useOptimistic` from React only if present (React 19); Preact's
        // compat has neither, and the router falls back by design. Any other undefined import still warns.
        if (
          log.code === 'IMPORT_IS_UNDEFINED' &&
          /preact\/compat/.test(log.message) &&
          /react-router/.test(log.id ?? '')
        ) {
          return;
        }
        handler(level, log);
      },
    },
  },
});
