// The Worker around the Remix app: what every request goes through, in production (server.ts, with
// the built app) and under `npm run dev` (vite.config.ts, with the app as Vite serves it), so
// that both run one pipeline. It imports nothing that the app's own modules keep state in: in
// production the Worker and the Remix build are bundled apart, and each has its own copy of
// whatever both import.
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
import { MemoryCache } from "~/lib/cache";
import { CONTENT_VERSION_MAX_AGE_MS } from "~/lib/constants";
import { edgeCacheKey, findPage, isEdgeCacheable, isStorable, storePage } from "~/lib/edge-cache.server";
import { isLocalRequest, isMisaddressed } from "~/lib/host";
import { bookmarkCookie, bookmarkFrom, cacheControlFor, isCrossOriginMutation, securityHeaders } from "~/lib/security.server";
import { readContentVersion } from "~/models/content-version.server";
import { recordIfPageView } from "~/services/analytics.server";
import { DAILY_CRON, runScheduledWork } from "~/services/scheduled.server";
import { makeDb, type Database } from "../db/client";

/** A random value per request, allowing only the scripts Remix renders. */
function makeNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** A request's reference in logs and the X-Request-Id header: 12 hexadecimal digits. */
function makeRequestId() {
  return [...crypto.getRandomValues(new Uint8Array(6))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The content version this isolate read last: every visitor's page request needs it (it is part
// of the edge-cache key), and reading it from D1 each time cost more than serving the page. A
// write through this isolate forgets it; one made elsewhere shows within the cache's lifetime.
const contentVersionCache = new MemoryCache<number>({ max: 1, ttlMs: CONTENT_VERSION_MAX_AGE_MS });
// Writes through this isolate so far: a read that a write overtook may miss it, so it is not cached.
let writes = 0;

/** The content version, from this isolate's cache unless `fresh` (or it aged). */
export async function cachedContentVersion(database: () => Database, fresh = false) {
  const cached = fresh ? undefined : contentVersionCache.get("version");
  if (cached !== undefined) return cached;
  const writesBefore = writes;
  const version = await readContentVersion(database());
  if (writes === writesBefore) contentVersionCache.set("version", version);
  return version;
}

/** After a write through this isolate: its next request reads the content version again. */
export function forgetContentVersion() {
  contentVersionCache.clear();
  writes++;
}

type Answer = { response: Response; bookmark: string | null; edge: "HIT" | "MISS" | null };

/** The Worker's handlers around a Remix build (`mode` "development" under `npm run dev`). */
export function createWorker(build: ServerBuild, mode?: string) {
  const handleRemixRequest = createRequestHandler(build, mode);

  async function respond(request: Request, env: Env, ctx: ExecutionContext, nonce: string, requestId: string): Promise<Answer> {
    if (isCrossOriginMutation(request))
      return { response: new Response("Forbidden: cross-origin request", { status: 403 }), bookmark: null, edge: null };

    // D1's Sessions API (read replication): a page reads a replica near the visitor, at least as
    // fresh as their last write (the bookmark cookie it left); an action reads the primary, where
    // it writes, so that what it decides on (a session, a password, a limit) is current.
    const wrote = request.method !== "GET" && request.method !== "HEAD";
    const session = env.DB.withSession(wrote ? "first-primary" : (bookmarkFrom(request) ?? "first-unconstrained"));
    let db: Database | null = null;
    const database = () => (db ??= makeDb(session));
    // After an action's write, the same request's loaders read the version afresh.
    let version: Promise<number> | null = null;
    const versionOfContent = () => (version ??= cachedContentVersion(database, wrote));

    const cacheKey = isEdgeCacheable(request)
      ? await edgeCacheKey(request, { build: build.assets.version, content: await versionOfContent() })
      : null;
    if (cacheKey) {
      const cached = await findPage(cacheKey, nonce);
      if (cached) return { response: cached, bookmark: null, edge: "HIT" };
    }

    const context: AppLoadContext = {
      db: database(),
      env,
      ctx,
      nonce,
      requestId,
      local: isLocalRequest(request),
      contentVersion: versionOfContent,
    };
    const response = await handleRemixRequest(request, context);
    // Whoever wrote sees their edit at once: this isolate reads the content version afresh.
    if (wrote) forgetContentVersion();
    const stored = cacheKey !== null && isStorable(response);
    if (stored) ctx.waitUntil(storePage(cacheKey, response.clone()));
    return { response, bookmark: wrote ? session.getBookmark() : null, edge: stored ? "MISS" : null };
  }

  return {
    async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
      const nonce = makeNonce();
      const requestId = makeRequestId();
      // Refused before anything reads the request, its URL included (it may not parse).
      const misaddressed = isMisaddressed(request);
      const local = !misaddressed && isLocalRequest(request);
      const { response, bookmark, edge }: Answer = misaddressed
        ? { response: new Response("Bad Request: the request names another host", { status: 400 }), bookmark: null, edge: null }
        : await respond(request, env, ctx, nonce, requestId);
      // Remix's responses may have immutable headers: copied before adding ours. A cached page is
      // already a new response, made here.
      const secured = edge === "HIT" ? response : new Response(response.body, response);
      for (const [name, value] of Object.entries(securityHeaders(nonce, local))) secured.headers.set(name, value);
      if (bookmark) secured.headers.append("Set-Cookie", bookmarkCookie(bookmark, local));
      if (edge) secured.headers.set("X-Edge-Cache", edge);
      secured.headers.set("X-Request-Id", requestId);
      const cacheControl = cacheControlFor(request, secured);
      if (cacheControl) secured.headers.set("Cache-Control", cacheControl);
      // Analytics after the answer: it never delays or breaks the page.
      ctx.waitUntil(recordIfPageView(request, secured, env));
      return secured;
    },

    /** The cron in wrangler.toml: the sweep, due e-mails, expired quotes, response rates (runScheduledWork). */
    async scheduled(controller: ScheduledController, env: Env): Promise<void> {
      const done = await runScheduledWork(env, makeDb(env.DB), { now: controller.scheduledTime, daily: controller.cron === DAILY_CRON });
      console.log(`scheduled: ${JSON.stringify(done)}`);
    },
  } satisfies ExportedHandler<Env>;
}
