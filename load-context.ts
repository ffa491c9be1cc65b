import { drizzle } from "drizzle-orm/d1";
import * as schema from "./db/schema";

export interface Env {
  DB: D1Database;
  CATALOG_IMAGES: R2Bucket;
  ADMIN_UPLOADS: R2Bucket;
  SESSION_SECRET: string;
  ADMIN_PASSWORD: string;
  SITE_NAME: string;
}

export type Database = ReturnType<typeof makeDb>;

export function makeDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** A random value per request, allowing only the scripts Remix renders. */
export function makeNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

interface MarketplaceContext {
  db: Database;
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
  nonce: string;
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends MarketplaceContext {}
}

export type { AppLoadContext } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";

type DevProxyContext = { cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil"> } };

/** Used by the Vite dev server; server.ts builds the same shape in production. */
export function getLoadContext({ context }: { request: Request; context: DevProxyContext }): AppLoadContext {
  const { env, ctx } = context.cloudflare;
  return { db: makeDb(env.DB), env, ctx, nonce: makeNonce() };
}
