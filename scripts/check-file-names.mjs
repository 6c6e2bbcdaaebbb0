// `npm run lint`: every file and folder name under apps/, packages/ and scripts/ is kebab-case
// (dots separate suffixes: `cart.routes.ts`, `vite.config.ts`). Generated migrations are drizzle-kit's.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const roots = ['apps', 'packages', 'scripts'];
const generated = [/^apps\/api\/drizzle\//];
const kebab = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// Tracked and new files alike, without what .gitignore leaves out (node_modules, dist, data).
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...roots], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path && existsSync(join(root, path)));

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
