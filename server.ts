import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The bundle that `remix vite:build` writes; build before running or testing the Worker.
import * as build from "./build/server";
import { makeDb, type Env } from "./db/client";
import { makeNonce } from "./load-context";
import { isLocalRequest } from "./app/lib/host";
import { sweepExpired } from "./app/models/maintenance.server";
import { bookmarkCookie, bookmarkFrom, cacheControlFor, isCrossOriginMutation, securityHeaders } from "./app/lib/security.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const nonce = makeNonce();
    const local = isLocalRequest(request);
    let response: Response;
    let bookmark: string | null = null;
    if (isCrossOriginMutation(request)) {
      response = new Response("Forbidden: cross-origin request", { status: 403 });
    } else {
      // D1's Sessions API: reads may go to a replica near the visitor; after a write the
      // bookmark cookie makes the visitor's next reads see it.
      const session = env.DB.withSession(bookmarkFrom(request) ?? "first-unconstrained");
      response = await handleRemixRequest(request, { db: makeDb(session), env, ctx, nonce, local });
      if (request.method !== "GET" && request.method !== "HEAD") bookmark = session.getBookmark();
    }
    // Responses from Remix may have immutable headers; copy before adding ours.
    const secured = new Response(response.body, response);
    for (const [name, value] of Object.entries(securityHeaders(nonce, local))) secured.headers.set(name, value);
    if (bookmark) secured.headers.append("Set-Cookie", bookmarkCookie(bookmark, local));
    const cacheControl = cacheControlFor(request, secured);
    if (cacheControl) secured.headers.set("Cache-Control", cacheControl);
    return secured;
  },

  /** The cron in wrangler.toml: sweeps expired sessions, ended rate-limit windows and abandoned guest carts. */
  async scheduled(controller: ScheduledController, env: Env): Promise<void> {
    const removed = await sweepExpired(makeDb(env.DB), new Date(controller.scheduledTime));
    console.log(`sweep: ${JSON.stringify(removed)}`);
  },
} satisfies ExportedHandler<Env>;
