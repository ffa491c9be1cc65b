import "~/lib/zod-config";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nextFor, i18nServer } from "~/lib/i18n.server";
import { isRefusedDocumentPost, refusalReason, showsMessage } from "~/lib/refusal.server";
import { RequestContextProvider } from "~/lib/request-context";

/**
 * Every unexpected error of a loader, an action or the render, logged once with its request's
 * reference (the X-Request-Id header, and the error page shows it): routes do not catch and log
 * errors of their own. A request the client abandoned is not an error, nor is a 4xx answer (a
 * refusal the route meant, a request for a route that does not match, or a refused post whose
 * page showed no message, below).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  const refusal = (isRouteErrorResponse(error) || error instanceof Response) && error.status < 500;
  if (request.signal.aborted || refusal) return;
  console.error(`request ${context.requestId}: ${request.method} ${new URL(request.url).pathname}`, error);
};

/** How long a page may wait for deferred data before the rest is rendered as errors. */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { i18n } = i18nextFor(await i18nServer.getLocale(request));
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  const body = await renderToReadableStream(
    <RequestContextProvider value={{ nonce: loadContext.nonce, requestId: loadContext.requestId }}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} nonce={loadContext.nonce} />
      </I18nextProvider>
    </RequestContextProvider>,
    {
      signal: controller.signal,
      nonce: loadContext.nonce,
      onError(error: unknown) {
        if (!controller.signal.aborted)
          console.error(`request ${loadContext.requestId}: rendering ${new URL(request.url).pathname}`, error);
        responseStatusCode = 500;
      },
    },
  );
  const rendered = () => clearTimeout(timeout);
  body.allReady.then(rendered, rendered); // a failed render is reported by onError
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // A post refused without JavaScript must say why: next to its field or above its form, where
  // the page shows the answer. A page that shows no message at all (the form answered is not on
  // it: its intent missing, garbled or sent twice, or a form this address does not show) is not
  // sent: thrown, the refusal renders the error page with the answer's reason, still a 4xx.
  if (isRefusedDocumentPost(request, responseStatusCode, remixContext.staticHandlerContext)) {
    await body.allReady.catch(() => {}); // a failed render is reported by onError, and answered 500
    const html = await new Response(body).text();
    if (responseStatusCode < 500 && !showsMessage(html)) {
      throw Response.json({ message: refusalReason(remixContext.staticHandlerContext.actionData) }, { status: responseStatusCode });
    }
    return new Response(html, { headers: responseHeaders, status: responseStatusCode });
  }
  // Crawlers get the whole page at once; people get the first screen while the rest streams.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
