import { drizzle } from "drizzle-orm/d1";
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

/**
 * Drizzle over D1, or over one of D1's sessions (`withSession`), which has the same query
 * surface: reads may go to a replica and the session keeps them after the request's own writes.
 */
export function makeDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database, { schema });
}

export type Database = ReturnType<typeof makeDb>;
