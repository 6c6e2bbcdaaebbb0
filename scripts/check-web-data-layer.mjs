// `npm run lint`: the web reaches the API only through the typed client (apps/web/src/lib/typed-api.ts,
// typed by the OpenAPI document), never through the untyped sender under it, and without a client
// library at run time (docs/decisions/0107-type-only-api-client.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'apps/web/src');
const rules = [
  { pattern: /\bapiRequest\s*[<(]/, why: 'calls apiRequest: use `api`/`getData` of lib/typed-api.ts' },
  { pattern: /from\s+['"]openapi-fetch['"]/, why: 'imports openapi-fetch at run time: use lib/typed-api.ts' },
];

function walk(dir, found) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // lib/ holds the sender itself.
      if (path !== join(src, 'lib')) walk(path, found);
    } else if (/\.(ts|tsx)$/.test(entry.name)) {
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const rule of rules) {
          if (rule.pattern.test(line)) found.push(`${relative(root, path)}:${index + 1} ${rule.why}`);
        }
      });
    }
  }
  return found;
}

const found = walk(src, []);
if (found.length > 0) {
  console.error(`The web's data layer goes around the typed client:\n${found.join('\n')}`);
  process.exit(1);
}
