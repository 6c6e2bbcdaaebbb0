import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { preactAliases } from './preact-aliases';

export default defineConfig({
  plugins: [react()],
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
