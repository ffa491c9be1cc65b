import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";

// The Worker's bindings and variables (`Env`) are typed by `npm run typegen` (wrangler types) into
// worker-configuration.d.ts, from wrangler.toml and the secrets' names in `.dev.vars`.

export type Database = DrizzleD1Database & { $client: D1Database };

/**
 * Drizzle over D1, or over one of D1's sessions (`withSession`), which has the same query surface:
 * reads may go to a replica and the session keeps them after the request's own writes. Queries are
 * built with `db.select()` and friends; without a schema, making one costs next to nothing, and
 * every request makes one.
 */
export function makeDb(d1: D1Database | D1DatabaseSession): Database {
  return drizzle(d1 as D1Database);
}
