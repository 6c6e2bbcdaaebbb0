import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleMap } from './bundle-map-plugin';
import { preactAliases } from './preact-aliases';

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
  },
});
