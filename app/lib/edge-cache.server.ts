import { PUBLIC_PAGE_MAX_AGE_SECONDS } from "~/lib/constants";
import { i18nServer } from "~/lib/i18n.server";
import { hasPersonalCookie } from "~/lib/security.server";

// Visitors' public pages from the Workers Cache API (DECISIONS 24). A page is stored only when
// its route declared it public (`publicPageHeaders`), the request carried none of a person's
// cookies, and the response sets none. Members always get a fresh page.

/** What public routes answer: a short shared lifetime, then a stale copy while it refreshes. */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_PAGE_MAX_AGE_SECONDS}, stale-while-revalidate=${PUBLIC_PAGE_MAX_AGE_SECONDS * 2}`;

export const publicPageHeaders = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });

/**
 * A visitor's plain page request: no person's cookies, no loader-data fetch, no language switch,
 * and a client that takes HTML (images and other files skip the version lookup entirely).
 */
export function isEdgeCacheable(request: Request) {
  if (request.method !== "GET" || hasPersonalCookie(request)) return false;
  const accept = request.headers.get("Accept");
  if (accept && !accept.includes("text/html")) return false;
  const url = new URL(request.url);
  return !url.searchParams.has("_data") && !url.searchParams.has("lng");
}

/**
 * The cache key: the content's version (so an edit shows at once), the language the page
 * renders in (cookie or Accept-Language) and the URL.
 */
export async function edgeCacheKey(request: Request, contentVersion: number) {
  const url = new URL(request.url);
  const locale = await i18nServer.getLocale(request);
  return new Request(`${url.origin}/__page/${contentVersion}/${locale}${url.pathname}${url.search}`);
}

/** Whether a fresh response may be stored for other visitors. */
export function isStorable(response: Response) {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    /\bpublic\b/.test(cacheControl) &&
    /\bs-maxage=\d+/.test(cacheControl) &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html")
  );
}

/**
 * A stored page with this response's nonce in every script tag: reusing one nonce for everyone
 * would let an injected script copy it.
 */
export function withFreshNonce(cached: Response, nonce: string) {
  return new HTMLRewriter()
    .on("script[nonce]", { element: (script) => void script.setAttribute("nonce", nonce) })
    .on("link[nonce]", { element: (link) => void link.setAttribute("nonce", nonce) })
    .transform(cached);
}

/** The data centre's cache (`caches.default`; the DOM typings of `caches` do not know it). */
export function edgeCache() {
  return (caches as unknown as { default: Cache }).default;
}
