import { relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `.vite/bundle-map.json` beside the build: for each JavaScript chunk, the modules in it and
 * the bytes each adds to the minified chunk. `npm run measure` uses it to say what each page pulls in.
 */
export function bundleMap(root: string): Plugin {
  return {
    name: 'petshop-bundle-map',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          if (info.renderedLength > 0) modules[relative(root, id.replace(/^\0/, ''))] = info.renderedLength;
        }
        chunks[output.fileName] = modules;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/bundle-map.json', source: JSON.stringify(chunks) });
    },
  };
}
