import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * Whether the column's text contains the term, ignoring case (ASCII letters, as SQLite's LIKE).
 * Written with instr rather than LIKE: D1 refuses LIKE patterns over 50 bytes, which 49 letters,
 * 17 Chinese characters or 25 escaped '%' reach, and a term holds no wildcards to escape.
 */
export function containsText(column: SQLWrapper, term: string): SQL {
  return sql`instr(lower(${column}), lower(${term})) > 0`;
}
