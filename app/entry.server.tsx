import "~/lib/zod-config";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nextFor, i18nServer } from "~/lib/i18n.server";
import { RequestContextProvider } from "~/lib/request-context";

/**
 * Every unexpected error of a loader, an action or the render, logged once with its request's
 * reference (the X-Request-Id header, and the error page shows it): routes do not catch and log
 * errors of their own. A request the client abandoned is not an error, nor is a 4xx answer (a
 * refusal the route meant, or a request for a route that does not match).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
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
  // Crawlers get the whole page at once; people get the first screen while the rest streams.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
