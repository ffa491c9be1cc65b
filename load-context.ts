import type { AppLoadContext } from "@remix-run/cloudflare";
import { isLocalRequest } from "./app/lib/host";
import { getContentVersion } from "./app/models/content-version.server";
import { makeDb, type Database, type Env } from "./db/client";

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
  /** The request came to localhost (plain HTTP in development and tests): cookies are not Secure. */
  local: boolean;
  /**
   * The public content's version as the Worker knows it (app/models/content-version.server.ts):
   * one module's memory, the Worker's, forgets it after each write, so it comes to loaders here.
   */
  contentVersion: () => Promise<number>;
}

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: Remix's context gains ours
  interface AppLoadContext extends MarketplaceContext {}
}

type DevProxyContext = { cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil"> } };

/** Used by the Vite dev server; server.ts builds the same shape in production. */
export function getLoadContext({ request, context }: { request: Request; context: DevProxyContext }): AppLoadContext {
  const { env, ctx } = context.cloudflare;
  const db = makeDb(env.DB);
  return { db, env, ctx, nonce: makeNonce(), local: isLocalRequest(request), contentVersion: () => getContentVersion(() => db) };
}
