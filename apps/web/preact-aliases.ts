import { fileURLToPath } from 'node:url';

/**
 * The shop renders with Preact through its React compatibility layer: the same components, router
 * and libraries, 10 KB of renderer instead of React DOM's 60. Build, dev server and component tests
 * all resolve React to it, so what is tested is what ships.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // Preact's compat with ids unique on the page (see the file).
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/lib/react-compat.ts', import.meta.url)) },
];
