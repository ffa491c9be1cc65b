import { MemoryCache } from "~/lib/cache";
import { EDGE_MEMORY_MAX_BYTES, PUBLIC_PAGE_MAX_AGE_SECONDS } from "~/lib/constants";
import { hasPersonalCookie } from "~/lib/cookies";
import { currencyChoiceCookie, displayCurrency } from "~/lib/display-currency.server";
import { detectLocale } from "~/lib/locale.server";

// Visitors' public pages from the Workers Cache API. A page is stored only when its route declared
// it public (`publicPageHeaders`), the request carried none of a person's cookies, and the
// response sets none. Members always get a fresh page.

/**
 * What public routes answer: the edge keeps the page for a short shared lifetime; a browser asks
 * again every time (never a stale copy: once a visitor signs in or fills a cart, the same URL is
 * their own page, and Remix's data requests for it carry the same header).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PUBLIC_PAGE_MAX_AGE_SECONDS}`;

export const publicPageHeaders = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });

/**
 * A visitor's plain page request: no person's cookies (as the session reads them), no language
 * switch, no choice of a display currency the cookie does not keep yet (its answer sets the
 * cookie), and a client that takes HTML (data requests, images and other files skip the version
 * lookup entirely).
 */
export function isEdgeCacheable(request: Request) {
  if (request.method !== "GET" || hasPersonalCookie(request)) return false;
  const accept = request.headers.get("Accept");
  if (accept && !accept.includes("text/html")) return false;
  return !new URL(request.url).searchParams.has("lng") && currencyChoiceCookie(request) === null;
}

/**
 * The cache key: the build (a page names its scripts, which the next deploy replaces), the
 * content's version (so an edit shows), the language the page renders in (cookie or
 * Accept-Language), the currency it converts prices to (URL, cookie or the language's) and the URL.
 */
export async function edgeCacheKey(request: Request, versions: { build: string; content: number }) {
  const url = new URL(request.url);
  const locale = await detectLocale(request);
  const currency = displayCurrency(request, locale);
  return new Request(`${url.origin}/__page/${versions.build}/${versions.content}/${locale}/${currency}${url.pathname}${url.search}`);
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

declare global {
  // The Workers runtime's `caches.default`: @cloudflare/workers-types declares it, but the DOM
  // library (which the browser code needs) declares `CacheStorage` as well, and its type wins.
  interface CacheStorage {
    readonly default: Cache;
  }
}

/** The data centre's cache. */
function edgeCache() {
  return caches.default;
}

interface StoredPage {
  html: string;
  /** The nonce the page was rendered with, on its scripts: each answer gets its own instead. */
  nonce: string;
  status: number;
  headers: [string, string][];
}

// Pages this isolate served or stored lately, in front of the Cache API, whose lookups are
// subrequests: a busy isolate asks for the same few pages again and again. Same keys, same
// lifetime as the Cache API's copy.
const pageCache = new MemoryCache<StoredPage>({
  max: 1_000,
  ttlMs: PUBLIC_PAGE_MAX_AGE_SECONDS * 1000,
  maxSize: EDGE_MEMORY_MAX_BYTES,
  sizeOf: (page) => page.html.length,
});

/** A response's page, with the nonce it was rendered with and how long it may still be shared. */
async function readPage(response: Response): Promise<{ page: StoredPage; ttlMs: number }> {
  const lifetime = Number(/\bs-maxage=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1] ?? 0);
  const age = Number(response.headers.get("Age") ?? 0) || 0;
  const html = await response.text();
  // React escapes quotes in text and attribute values, so only an attribute it wrote reads so.
  const nonce = / nonce="([^"]+)"/.exec(html)?.[1] ?? "";
  return { page: { html, nonce, status: response.status, headers: [...response.headers] }, ttlMs: (lifetime - age) * 1000 };
}

/**
 * A stored page with this response's nonce in place of the one it was rendered with (on its
 * scripts and preloads): reusing one nonce for everyone would let an injected script copy it.
 * The old nonce was random and made after the page's content existed, so it stands nowhere else.
 */
function withFreshNonce(page: StoredPage, nonce: string) {
  const html = page.nonce ? page.html.replaceAll(page.nonce, nonce) : page.html;
  return new Response(html, { status: page.status, headers: page.headers });
}

/**
 * A stored visitor's page for this key, from this isolate's memory, else the Cache API, with
 * `nonce` in place of the one it was stored with.
 */
export async function findPage(key: Request, nonce: string): Promise<Response | null> {
  const kept = pageCache.get(key.url);
  if (kept) return withFreshNonce(kept, nonce);
  const cached = await edgeCache().match(key);
  if (!cached) return null;
  const { page, ttlMs } = await readPage(cached);
  if (ttlMs > 0) pageCache.set(key.url, page, { ttlMs });
  return withFreshNonce(page, nonce);
}

/**
 * Stores a fresh visitor's page for others (call after `isStorable`), in memory and in the Cache
 * API. A page whose visitor left before it was sent cannot be read to the end and is not stored:
 * the next visitor's copy is.
 */
export async function storePage(key: Request, response: Response) {
  await Promise.all([
    edgeCache().put(key, response.clone()),
    readPage(response).then(({ page, ttlMs }) => {
      if (ttlMs > 0) pageCache.set(key.url, page, { ttlMs });
    }),
  ]).catch(() => {});
}
