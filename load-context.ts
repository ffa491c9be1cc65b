import type { Database } from "./db/client";

// What every loader and action receives as `context`; app/entry.worker.ts makes it per request.
interface MarketplaceContext {
  db: Database;
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil">;
  /** The request's CSP nonce: only the scripts Remix renders carry it. */
  nonce: string;
  /** A reference for the request, logged with its errors and sent as X-Request-Id. */
  requestId: string;
  /** The request came to localhost (plain HTTP in development and tests): cookies are not Secure. */
  local: boolean;
  /**
   * The public content's version as the Worker knows it: the Worker caches it per isolate and
   * forgets it after each write, so it comes to loaders here.
   */
  contentVersion: () => Promise<number>;
}

declare module "@remix-run/cloudflare" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: Remix's context gains ours
  interface AppLoadContext extends MarketplaceContext {}
}

declare module "@remix-run/server-runtime" {
  // Loaders' and actions' types as Single Fetch serializes them (remix.config.ts turns it on).
  interface Future {
    v3_singleFetch: true;
  }
}
