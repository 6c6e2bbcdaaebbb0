// `npm run lint`: every file and folder name under apps/, packages/ and scripts/ is kebab-case
// (dots separate suffixes: `cart.routes.ts`, `vite.config.ts`). Generated migrations are drizzle-kit's.
// It walks the folders itself, leaving out what .gitignore leaves out, so it works the same in a git
// checkout and in a source archive without `.git`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const roots = ['apps', 'packages', 'scripts'];
const generated = [/^apps\/api\/drizzle\//];
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The root .gitignore's patterns, as far as this project uses them: `name/` (a folder anywhere),
 * `name` or `*.ext` (a file or folder anywhere), `/path` or `a/b` (from the root).
 */
function ignoreRules() {
  const toRegExp = (glob) =>
    glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]');
  return readFileSync(join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
    .map((line) => {
      const dirOnly = line.endsWith('/');
      const pattern = line.replace(/\/$/, '');
      const anchored = pattern.includes('/');
      const regExp = new RegExp(anchored ? `^${toRegExp(pattern.replace(/^\//, ''))}$` : `^${toRegExp(pattern)}$`);
      return { dirOnly, anchored, regExp };
    });
}

const rules = ignoreRules();
const ignored = (path, name, isDir) =>
  rules.some((rule) => (!rule.dirOnly || isDir) && rule.regExp.test(rule.anchored ? path : name));

function walk(dir, found) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    const isDir = entry.isDirectory();
    if (ignored(path, entry.name, isDir)) continue;
    if (isDir) walk(path, found);
    else found.push(path);
  }
  return found;
}

const files = roots.flatMap((dir) => walk(dir, []));

const wrong = files.filter(
  (path) =>
    !generated.some((pattern) => pattern.test(path)) &&
    path.split('/').some((segment) => !segment.split('.').every((part) => kebab.test(part))),
);

if (wrong.length > 0) {
  console.error(`File names must be kebab-case (lower-case words joined by "-"):\n  ${wrong.join('\n  ')}`);
  process.exit(1);
}
console.log(`${files.length} file names checked: all kebab-case.`);
