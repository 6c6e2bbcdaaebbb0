// `npm run lint`: a module writes only the tables its own `<module>.schema.ts` defines (the sandbox's
// tables are the sandbox's); others call its service. Every file under apps/api/src is read with the
// TypeScript compiler: a write is a Drizzle `.insert(t)`, `.update(t)` or `.delete(t)` whose `t` is a
// table however imported (renamed, re-exported, through a namespace), or SQL in a template or a string
// given to `sql.raw`/`execute`, read by PostgreSQL's parser (sql-writes.mjs). Trigger functions in the
// migrations write on behalf of the module owning the trigger's table: those writes are listed below.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sqlWrites, triggerWrites } from './sql-writes.mjs';

/** Trigger writes across owners the project means: `<trigger> on <table> writes <table>` and why. */
export const TRIGGER_WRITES = new Map([
  // SPEC's products.stock is the sum over the stores; inventory keeps it exact as store_stock moves.
  ['store_stock_changed on store_stock writes products', 'products.stock is the sum of store_stock'],
  // …over the active stores only: opening or closing a store moves that sum.
  ['store_active_changed on stores writes products', 'products.stock counts active stores only'],
]);

function filesUnder(dir, suffix) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name), suffix)
      : entry.name.endsWith(suffix)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The module a file of the project belongs to: `modules/<m>/` → m, the sandbox, or its folder (db, jobs…). */
function moduleOf(root, path) {
  const parts = relative(root, path).split(sep);
  if (parts[0] === 'apps' && parts[1] === 'sandbox') return 'sandbox';
  const src = parts.slice(3);
  if (src[0] === 'modules') return src[1];
  return src.length > 1 ? src[0] : 'app';
}

const isPgTable = (node) =>
  node !== undefined && ts.isCallExpression(node) && /(^|\.)pgTable$/.test(node.expression.getText());

/** `{ byName, byDeclaration }`: every table of the schema files, with the module owning it. */
function tablesOf(root, program) {
  const byName = new Map();
  const byDeclaration = new Map();
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.endsWith('.schema.ts') || source.fileName.includes('node_modules')) continue;
    const visit = (node) => {
      if (ts.isVariableDeclaration(node) && isPgTable(node.initializer)) {
        const [first] = node.initializer.arguments;
        if (first && ts.isStringLiteralLike(first)) {
          const table = { name: first.text, module: moduleOf(root, source.fileName) };
          byName.set(table.name, table);
          byDeclaration.set(node, table);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { byName, byDeclaration };
}

/** The table an expression stands for, following imports, re-exports and `const t = table`. */
function tableOf(expression, checker, tables, depth = 0) {
  const node = ts.isPropertyAccessExpression(expression) ? expression.name : expression;
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  for (const declaration of symbol?.declarations ?? []) {
    const table = tables.byDeclaration.get(declaration);
    if (table) return table;
    if (depth < 3 && ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const inner = ts.isAsExpression(declaration.initializer)
        ? declaration.initializer.expression
        : declaration.initializer;
      if (ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner)) {
        const found = tableOf(inner, checker, tables, depth + 1);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** A template's text as SQL: a table in `${...}` becomes its quoted name, any other value a parameter. */
function templateText(template, checker, tables) {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  let text = template.head.text;
  template.templateSpans.forEach((span, index) => {
    const table = tableOf(span.expression, checker, tables);
    text += `${table ? `"${table.name}"` : `$${index + 1}`}${span.literal.text}`;
  });
  return text;
}

const DRIZZLE_WRITES = new Set(['insert', 'update', 'delete']);
const RUNS_SQL = new Set(['raw', 'execute', 'query']);

/** Every `{ how, table, line }` a source file writes, by Drizzle or in SQL. */
export function writesOf(source, checker, tables) {
  const found = [];
  const at = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const fromSql = (node, text) => {
    for (const write of sqlWrites(text)) {
      const table = tables.byName.get(write.table);
      if (table) found.push({ how: write.how, table, line: at(node) });
    }
  };
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if (DRIZZLE_WRITES.has(method) && first) {
        const table = tableOf(first, checker, tables);
        if (table) found.push({ how: method, table, line: at(node.expression.name) });
      }
      if (RUNS_SQL.has(method) && first && ts.isStringLiteral(first)) fromSql(first, first.text);
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      fromSql(node, templateText(node, checker, tables));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Violations in the project at `root` (apps/api/src, apps/sandbox/src, apps/api/drizzle), as printable lines. */
export function checkProject(root) {
  const api = join(root, 'apps/api/src');
  const files = filesUnder(api, '.ts');
  const sandboxSchemas = filesUnder(join(root, 'apps/sandbox/src'), '.schema.ts');
  const options = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    noLib: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  // Tables live in the project: a library's declarations are never read (the workspaces resolve to their sources).
  host.getSourceFile = (name, version, ...rest) =>
    name.includes(`${sep}node_modules${sep}`) || name.includes('/node_modules/')
      ? ts.createSourceFile(name, '', version)
      : getSourceFile(name, version, ...rest);
  const program = ts.createProgram({ rootNames: [...files, ...sandboxSchemas], options, host });
  const checker = program.getTypeChecker();
  const tables = tablesOf(root, program);
  const problems = [];
  for (const path of files) {
    const module = moduleOf(root, path);
    for (const write of writesOf(program.getSourceFile(path), checker, tables)) {
      if (write.table.module === module) continue;
      problems.push(
        `${relative(root, path)}:${write.line}: ${write.how} on "${write.table.name}", a table of module "${write.table.module}" (call its service)`,
      );
    }
  }
  const migrations = filesUnder(join(root, 'apps/api/drizzle'), '.sql')
    .sort()
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
  let triggers = 0;
  for (const trigger of triggerWrites(migrations)) {
    triggers += 1;
    const module = tables.byName.get(trigger.table)?.module;
    for (const write of trigger.writes) {
      const owner = tables.byName.get(write.table);
      const key = `${trigger.trigger} on ${trigger.table} writes ${write.table}`;
      if (!owner || owner.module === module || TRIGGER_WRITES.has(key)) continue;
      problems.push(
        `${relative(root, trigger.file)}:${trigger.line}: trigger ${key} (${write.how}), a table of module "${owner.module}" while "${trigger.table}" is module "${module}"'s (list it in TRIGGER_WRITES or call its service)`,
      );
    }
  }
  return { problems, files: files.length, tables: tables.byName.size, triggers };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
  const { problems, files, tables, triggers } = checkProject(root);
  if (problems.length > 0) {
    console.error(`A module writes only its own tables:\n  ${[...new Set(problems)].join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `${files} api files and ${triggers} triggers checked: each writes only its own tables (${tables} tables).`,
  );
}
