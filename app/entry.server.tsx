import "~/lib/zod-config";
import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import type { ReactElement } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18nextFor, i18nServer } from "~/lib/i18n.server";
import { NonceProvider } from "~/lib/nonce";

const ABORT_DELAY_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const i18n = i18nextFor(await i18nServer.getLocale(request));
  const page = (
    <NonceProvider value={loadContext.nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={loadContext.nonce} />
      </I18nextProvider>
    </NonceProvider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const deferred = Object.keys(remixContext.staticHandlerContext.activeDeferreds ?? {}).length > 0;
  if (!deferred) {
    // Everything is loaded: one pass to a string. The streaming renderer encodes every piece of
    // text and every attribute into its own Uint8Array, which made it several times slower here.
    return new Response(`<!DOCTYPE html>${renderToString(page)}`, { headers: responseHeaders, status: responseStatusCode });
  }
  const body = await streamPage(page, loadContext.nonce, () => (responseStatusCode = 500));
  // Crawlers get the whole page at once; people get the first screen while the rest streams.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** A page whose loaders deferred data: the first screen now, the rest as its promises settle. */
async function streamPage(page: ReactElement, nonce: string, onError: () => void) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY_MS);
  const body = await renderToReadableStream(page, {
    signal: controller.signal,
    nonce,
    onError(error: unknown) {
      if (!controller.signal.aborted) console.error(error);
      onError();
    },
  });
  body.allReady.then(() => clearTimeout(timeout));
  return body;
}
