// `npm run lint`: a module writes only the tables its own `<module>.schema.ts` defines; others call its
// service. A write is a Drizzle `.insert(t)`, `.update(t)` or `.delete(t)`, or raw SQL `insert into t`,
// `update t set`, `delete from t` (by name or as `${t}`), in any file under `apps/api/src/modules/<m>/`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const TABLE = /export\s+const\s+([A-Za-z_$][\w$]*)\s*=\s*pgTable\(\s*['"\x60]([\w]+)['"\x60]/g;
const DRIZZLE_WRITE = /\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*)\s*[,)]/g;
const RAW_WRITE =
  /\b(insert\s+into|update|delete\s+from)\s+(?:\$\{\s*([A-Za-z_$][\w$]*)\s*\}|"?([a-z_][a-z0-9_]*)"?)(?=[\s(;\x60'"]|$)/gi;

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/** The tables each schema file defines: `{ byName, byIdentifier }`, both mapping to the owning module. */
export function tableOwners(schemas) {
  const byName = new Map();
  const byIdentifier = new Map();
  for (const { module, text } of schemas) {
    for (const [, identifier, name] of text.matchAll(TABLE)) {
      byIdentifier.set(identifier, { module, name });
      byName.set(name, { module, name });
    }
  }
  return { byName, byIdentifier };
}

/** Every write in `text` (a file of `module`) to a table another module owns. */
export function foreignWrites(module, text, owners) {
  const found = [];
  for (const match of text.matchAll(DRIZZLE_WRITE)) {
    const owner = owners.byIdentifier.get(match[2]);
    if (owner && owner.module !== module) found.push({ ...owner, line: lineOf(text, match.index), how: match[1] });
  }
  for (const match of text.matchAll(RAW_WRITE)) {
    const how = match[1].toLowerCase().replace(/\s+/g, ' ');
    const owner = match[2] ? owners.byIdentifier.get(match[2]) : owners.byName.get(match[3]?.toLowerCase());
    // `update x` is SQL only when a `set` follows; anything else is prose or code.
    if (how === 'update' && !/^\s*set\b/i.test(text.slice(match.index + match[0].length))) continue;
    if (owner && owner.module !== module) found.push({ ...owner, line: lineOf(text, match.index), how });
  }
  return found;
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Violations under `modulesDir` (one folder per module), as printable lines. */
export function checkModules(modulesDir) {
  const modules = readdirSync(modulesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const files = modules.flatMap(({ name }) =>
    filesUnder(join(modulesDir, name)).map((path) => ({ module: name, path })),
  );
  const read = files.map((file) => ({ ...file, text: readFileSync(file.path, 'utf8') }));
  const owners = tableOwners(read.filter(({ path }) => path.endsWith('.schema.ts')));
  const problems = [];
  for (const { module, path, text } of read) {
    for (const write of foreignWrites(module, text, owners)) {
      problems.push(
        `${relative(process.cwd(), path)}:${write.line}: ${write.how} on "${write.name}", a table of module "${write.module}" (call its service)`,
      );
    }
  }
  return { problems, files: files.length, tables: owners.byName.size };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../apps/api/src/modules', import.meta.url));
  const { problems, files, tables } = checkModules(dir);
  if (problems.length > 0) {
    console.error(`A module writes only its own tables:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${files} module files checked: each writes only its own tables (${tables} tables).`);
}
