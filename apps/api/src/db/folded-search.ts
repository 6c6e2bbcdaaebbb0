import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';

/** `term` as a literal inside a LIKE pattern ('%' and '_' mean themselves). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/** The column folded like foldText (lower case, no accents) contains `word` (already folded). */
export const foldedContains = (column: AnyColumn | SQL, word: string) =>
  sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN}) like ${`%${escapeLike(word)}%`} escape '\\'`;
