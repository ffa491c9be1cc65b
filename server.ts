import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The bundle that `remix vite:build` writes; build before running or testing the Worker.
import * as build from "./build/server";
import { makeDb, makeNonce, type AppLoadContext, type Env } from "./load-context";
import { isCrossOriginMutation, securityHeaders } from "./app/lib/security.server";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const nonce = makeNonce();
    let response: Response;
    if (isCrossOriginMutation(request)) {
      response = new Response("Forbidden: cross-origin request", { status: 403 });
    } else {
      const context: AppLoadContext = { db: makeDb(env.DB), env, ctx, nonce };
      response = await handleRemixRequest(request, context);
    }
    // Responses from Remix may have immutable headers; copy before adding ours.
    const secured = new Response(response.body, response);
    for (const [name, value] of Object.entries(securityHeaders(nonce))) secured.headers.set(name, value);
    return secured;
  },
} satisfies ExportedHandler<Env>;
