import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The bundle that `remix vite:build` writes; build before running or testing the Worker.
import { edgeCacheKey, findPage, isEdgeCacheable, isStorable, storePage } from "./app/lib/edge-cache.server";
import { isLocalRequest } from "./app/lib/host";
import { bookmarkCookie, bookmarkFrom, cacheControlFor, isCrossOriginMutation, securityHeaders } from "./app/lib/security.server";
import { forgetContentVersion, getContentVersion } from "./app/models/content-version.server";
import { sweepExpired } from "./app/models/maintenance.server";
import { recordIfPageView } from "./app/services/analytics.server";
import * as build from "./build/server";
import { makeDb, type Database, type Env } from "./db/client";
import { makeNonce } from "./load-context";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

async function respond(request: Request, env: Env, ctx: ExecutionContext, nonce: string, local: boolean) {
  if (isCrossOriginMutation(request))
    return { response: new Response("Forbidden: cross-origin request", { status: 403 }), bookmark: null, edge: null };

  // D1's Sessions API: reads may go to a replica near the visitor; after a write the
  // bookmark cookie makes the visitor's next reads see it.
  const session = env.DB.withSession(bookmarkFrom(request) ?? "first-unconstrained");
  let db: Database | null = null;
  const database = () => (db ??= makeDb(session));
  const wrote = request.method !== "GET" && request.method !== "HEAD";
  // After an action's write, the same request's loaders read the version afresh.
  let version: Promise<number> | null = null;
  const contentVersion = () => (version ??= getContentVersion(database, wrote ? 0 : undefined));
  const cacheKey = isEdgeCacheable(request)
    ? await edgeCacheKey(request, { build: build.assets.version, content: await contentVersion() })
    : null;
  if (cacheKey) {
    const cached = await findPage(cacheKey, nonce);
    if (cached) return { response: cached, bookmark: null, edge: "HIT" };
  }

  const response = await handleRemixRequest(request, { db: database(), env, ctx, nonce, local, contentVersion });
  // Whoever wrote sees their edit at once: this isolate reads the content version afresh.
  if (wrote) forgetContentVersion();
  const bookmark = wrote ? session.getBookmark() : null;
  const stored = cacheKey !== null && isStorable(response);
  if (stored) ctx.waitUntil(storePage(cacheKey, response.clone()));
  return { response, bookmark, edge: stored ? "MISS" : null };
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const nonce = makeNonce();
    const local = isLocalRequest(request);
    const { response, bookmark, edge } = await respond(request, env, ctx, nonce, local);
    // Remix's responses may have immutable headers: copied before adding ours. A cached page is
    // already a new response, made here.
    const secured = edge === "HIT" ? response : new Response(response.body, response);
    for (const [name, value] of Object.entries(securityHeaders(nonce, local))) secured.headers.set(name, value);
    if (bookmark) secured.headers.append("Set-Cookie", bookmarkCookie(bookmark, local));
    if (edge) secured.headers.set("X-Edge-Cache", edge);
    const cacheControl = cacheControlFor(request, secured);
    if (cacheControl) secured.headers.set("Cache-Control", cacheControl);
    // Analytics after the answer (DECISIONS 10): it never delays or breaks the page.
    ctx.waitUntil(recordIfPageView(request, secured, env));
    return secured;
  },

  /** The cron in wrangler.toml: sweeps expired sessions, ended rate-limit windows and abandoned guest carts. */
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    const removed = await sweepExpired(makeDb(env.DB), new Date(controller.scheduledTime));
    console.log(`sweep: ${JSON.stringify(removed)}`);
  },
} satisfies ExportedHandler<Env>;
