import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type ExtractTablesWithRelations,
  type RelationalSchemaConfig,
} from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/** The Worker's bindings and variables (wrangler.toml, secrets and `.dev.vars`). */
export interface Env {
  DB: D1Database;
  CATALOG_IMAGES: R2Bucket;
  ADMIN_UPLOADS: R2Bucket;
  SESSION_SECRET: string;
  ADMIN_PASSWORD: string;
  SITE_NAME: string;
}

// What `drizzle(d1, { schema })` works out from the schema on every call (half a millisecond of
// CPU, and every request makes a Database), worked out once; makeDb assembles the same parts.
const dialect = new SQLiteAsyncDialect();
const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap } as unknown as RelationalSchemaConfig<
  ExtractTablesWithRelations<typeof schema>
>;

export type Database = DrizzleD1Database<typeof schema> & { $client: D1Database };

/**
 * Drizzle over D1, or over one of D1's sessions (`withSession`), which has the same query
 * surface: reads may go to a replica and the session keeps them after the request's own writes.
 */
export function makeDb(d1: D1Database | D1DatabaseSession): Database {
  const client = d1 as D1Database;
  const db = new DrizzleD1Database("async", dialect, new SQLiteD1Session(client, dialect, relational, {}), relational) as Database;
  db.$client = client;
  return db;
}
