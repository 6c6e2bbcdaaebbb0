// `npm run lint`: no source file (apps/*/src, packages/*/src, scripts; tests aside) passes 300 lines,
// no file imports itself through others, and no api module imports one that imports it back
// (modules/<a> ↔ modules/<b>; a *.schema.ts importing another module's table for a foreign key is not
// such an import). Imports are read with the TypeScript compiler: static imports and
// re-exports, type-only ones included (they tie the files together just the same); `import()` is not
// read, it loads lazily at run time.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_LINES = 300;
const EXEMPT = [/^apps\/web\/src\/api\/schema\.gen\.ts$/, /^apps\/api\/src\/db\/seed\//];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /(\.test\.|\.e2e\.|\.spec\.)/;

/**
 * Exceptions while a split is under way; empty, and meant to stay so. An entry that no longer
 * applies fails the check too, so the list can only shrink.
 */
export const TEMPORARY = {
  long: [],
  cycles: [],
};

function sourcesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'test' ? [] : sourcesUnder(path);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project's source files: apps/<app>/src, packages/<package>/src and scripts. */
export function sourceFiles(root) {
  const under = (folder) =>
    (statSync(join(root, folder), { throwIfNoEntry: false })?.isDirectory()
      ? readdirSync(join(root, folder), { withFileTypes: true })
      : []
    )
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => sourcesUnder(join(root, folder, entry.name, 'src')));
  return [...under('apps'), ...under('packages'), ...sourcesUnder(join(root, 'scripts'))];
}

const isFile = (path) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** A relative specifier's file, as the bundler resolves it (`./x` → x.ts, x.tsx, x/index.ts…). */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.mjs', '.js'].map((ext) => base + ext),
    base.replace(/\.js$/, '.ts'),
    ...['index.ts', 'index.tsx', 'index.mjs'].map((index) => join(base, index)),
  ];
  return candidates.find(isFile);
}

/** Each file's imports of other project files: `Map<file, Set<file>>`. */
export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const targets = source.statements
      .filter((node) => (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      .map((node) => resolve(file, node.moduleSpecifier.text))
      .filter(Boolean);
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** The strongly connected groups of a graph with more than one member (or a member pointing at itself). */
export function cycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.has(node)) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The api modules' graph: module a → module b when a file of a imports a file of b. */
export function moduleGraph(root, graph) {
  const moduleOf = (file) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(relative(root, file).split(sep).join('/'))?.[1];
  const modules = new Map();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    // A schema's foreign keys name other modules' tables: the database's shape, not a call between modules.
    if (!from || file.endsWith('.schema.ts')) continue;
    if (!modules.has(from)) modules.set(from, new Set());
    for (const target of targets) {
      const to = moduleOf(target);
      if (to && to !== from) modules.get(from).add(to);
    }
  }
  return modules;
}

/** The problems of the project at `root`, as printable lines, the temporary list applied. */
export function checkShape(root, temporary = TEMPORARY) {
  const files = sourceFiles(root);
  const rel = (file) => relative(root, file).split(sep).join('/');
  const long = files
    .filter((file) => !EXEMPT.some((pattern) => pattern.test(rel(file))))
    .map((file) => ({ file: rel(file), lines: readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length }))
    .filter(({ lines }) => lines > MAX_LINES);
  const graph = importGraph(files);
  const found = [
    ...cycles(graph).map((group) => `files ${group.map(rel).join(' ↔ ')}`),
    ...cycles(moduleGraph(root, graph)).map((group) => `modules ${group.join(' ↔ ')}`),
  ];
  const problems = [
    ...long
      .filter(({ file }) => !temporary.long.includes(file))
      .map(({ file, lines }) => `${file}: ${lines} lines, more than ${MAX_LINES} (split it by job)`),
    ...found.filter((cycle) => !temporary.cycles.includes(cycle)).map((cycle) => `import cycle: ${cycle}`),
    ...temporary.long
      .filter((file) => !long.some((entry) => entry.file === file))
      .map((file) => `${file} is no longer over ${MAX_LINES} lines: take it off TEMPORARY.long`),
    ...temporary.cycles
      .filter((cycle) => !found.includes(cycle))
      .map((cycle) => `${cycle} is no longer a cycle: take it off TEMPORARY.cycles`),
  ];
  return { problems, files: files.length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
  const { problems, files } = checkShape(root, process.argv[2] ? { long: [], cycles: [] } : TEMPORARY);
  if (problems.length > 0) {
    console.error(`Files stay small and imports go one way:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${files} source files checked: none over ${MAX_LINES} lines, no import cycle.`);
}
