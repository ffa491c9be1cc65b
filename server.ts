import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The bundle that `remix vite:build` writes; build before running or testing the Worker.
import * as build from "./build/server";
import { makeDb, type Env } from "./db/client";
import { makeNonce } from "./load-context";
import { isLocalRequest } from "./app/lib/host";
import { recordIfPageView } from "./app/services/analytics.server";
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
    // Analytics after the answer (DECISIONS 10): it never delays or breaks the page.
    ctx.waitUntil(recordIfPageView(request, secured, env));
    return secured;
  },
} satisfies ExportedHandler<Env>;
