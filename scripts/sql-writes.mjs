// The tables a piece of SQL writes, read with PostgreSQL's own parser (libpg-query): the check of
// table owners (check-table-owners.mjs) asks it about SQL in TypeScript and in migrations.
import { loadModule, parsePlPgSQLSync, parseSync, scanSync } from 'libpg-query';

await loadModule();

const WRITES = { InsertStmt: 'insert', UpdateStmt: 'update', DeleteStmt: 'delete', MergeStmt: 'merge' };

/** Every `{ how, table }` written somewhere in a parse tree (CTEs and sub-statements included). */
function writesIn(node, found = []) {
  if (Array.isArray(node)) {
    for (const item of node) writesIn(item, found);
    return found;
  }
  if (node === null || typeof node !== 'object') return found;
  for (const [key, value] of Object.entries(node)) {
    if (key in WRITES && value?.relation?.relname) {
      const upsert = key === 'InsertStmt' && value.onConflictClause?.action === 'ONCONFLICT_UPDATE';
      found.push({ how: upsert ? 'insert … on conflict do update' : WRITES[key], table: value.relation.relname });
    }
    if (key === 'TruncateStmt') {
      for (const relation of value.relations ?? []) found.push({ how: 'truncate', table: relation.RangeVar.relname });
    }
    writesIn(value, found);
  }
  return found;
}

const word = (token) => token?.text.toLowerCase();
const identifier = (token) =>
  token && (token.tokenName === 'IDENT' || token.keywordKind > 0) ? token.text.replace(/^"|"$/g, '') : undefined;

/** `[schema.]name` from tokens[at]: the table's name and the index after it. */
function tableAt(tokens, at) {
  let index = at;
  if (word(tokens[index]) === 'only') index += 1;
  let name = identifier(tokens[index]);
  if (name === undefined) return undefined;
  index += 1;
  if (tokens[index]?.text === '.') {
    name = identifier(tokens[index + 1]);
    index += 2;
  }
  return name === undefined ? undefined : { name: name.toLowerCase(), next: index };
}

/**
 * A fragment the parser refuses (a `sql` template built of pieces): PostgreSQL's own lexer still reads
 * it, so quoting, comments and strings never fool it; a write is `insert into t`, `update t [alias] set`,
 * `delete from t`, `merge into t`, `truncate [table] t, u`.
 */
function writesInTokens(text) {
  let tokens;
  try {
    tokens = scanSync(text).tokens.filter((token) => !token.tokenName.endsWith('_COMMENT'));
  } catch {
    return [];
  }
  const found = [];
  tokens.forEach((token, index) => {
    const keyword = word(token);
    const next = word(tokens[index + 1]);
    if ((keyword === 'insert' || keyword === 'merge') && next === 'into') {
      const table = tableAt(tokens, index + 2);
      if (table) found.push({ how: keyword, table: table.name });
    } else if (keyword === 'delete' && next === 'from') {
      const table = tableAt(tokens, index + 2);
      if (table) found.push({ how: 'delete', table: table.name });
    } else if (keyword === 'update') {
      const table = tableAt(tokens, index + 1);
      if (!table) return;
      const after = tokens.slice(table.next, table.next + 3).map(word);
      if (after[0] === 'set' || after[1] === 'set' || (after[0] === 'as' && after[2] === 'set')) {
        found.push({ how: 'update', table: table.name });
      }
    } else if (keyword === 'truncate') {
      let at = next === 'table' ? index + 2 : index + 1;
      for (let table = tableAt(tokens, at); table; table = tableAt(tokens, at)) {
        found.push({ how: 'truncate', table: table.name });
        if (tokens[table.next]?.text !== ',') break;
        at = table.next + 1;
      }
    }
  });
  return found;
}

/** The writes in SQL text: parsed whole when it is SQL, else read token by token as a fragment. */
export function sqlWrites(text) {
  try {
    return writesIn(parseSync(text));
  } catch {
    return writesInTokens(text);
  }
}

const nameOf = (list) => list.map((item) => item.String.sval).at(-1);
const lineAt = (text, index) => text.slice(0, index).split('\n').length;

/** Every SQL statement a PL/pgSQL function runs, as text. */
function queriesOf(node, found = []) {
  if (Array.isArray(node)) for (const item of node) queriesOf(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'PLpgSQL_expr' && typeof value.query === 'string') found.push(value.query);
      else queriesOf(value, found);
    }
  }
  return found;
}

function functionWrites(statement) {
  const language = statement.CreateFunctionStmt.options
    ?.map((option) => option.DefElem)
    .find((option) => option.defname === 'language')?.arg?.String?.sval;
  const body = statement.CreateFunctionStmt.options
    ?.map((option) => option.DefElem)
    .find((option) => option.defname === 'as')?.arg?.List?.items?.[0]?.String?.sval;
  if (body === undefined) return [];
  if (language === 'sql') return sqlWrites(body);
  if (language !== 'plpgsql') return [];
  return queriesOf(parsePlPgSQLSync(statement.text)).flatMap((query) => {
    try {
      return writesIn(parseSync(query));
    } catch {
      return [];
    }
  });
}

/**
 * The triggers the migrations leave in place, in order, with what their functions write:
 * `{ trigger, table, fn, writes: [{ how, table }], file, line }`. A later `create or replace function`
 * or `drop trigger` wins, as it does in the database.
 */
export function triggerWrites(migrations) {
  const functions = new Map();
  const triggers = new Map();
  for (const { file, text } of migrations) {
    for (const { stmt, stmt_location: at = 0, stmt_len: length } of parseSync(text).stmts) {
      const statementText = text.slice(at, length === undefined ? undefined : at + length);
      if (stmt.CreateFunctionStmt) {
        const fn = nameOf(stmt.CreateFunctionStmt.funcname);
        const where = { file, line: lineAt(text, at + statementText.search(/\S/)) };
        functions.set(fn, { ...where, writes: functionWrites({ ...stmt, text: statementText }) });
      } else if (stmt.CreateTrigStmt) {
        const { trigname, relation, funcname } = stmt.CreateTrigStmt;
        triggers.set(`${trigname} on ${relation.relname}`, {
          trigger: trigname,
          table: relation.relname,
          fn: nameOf(funcname),
        });
      } else if (stmt.DropStmt?.removeType === 'OBJECT_TRIGGER') {
        for (const object of stmt.DropStmt.objects) {
          const [table, trigger] = object.List.items.map((item) => item.String.sval).slice(-2);
          triggers.delete(`${trigger} on ${table}`);
        }
      }
    }
  }
  return [...triggers.values()].flatMap((trigger) => {
    const fn = functions.get(trigger.fn);
    return fn ? [{ ...trigger, writes: fn.writes, file: fn.file, line: fn.line }] : [];
  });
}
