import { EDGE_MEMORY_MAX_BYTES, PUBLIC_PAGE_MAX_AGE_SECONDS } from "~/lib/constants";
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
 * The cache key: the build (a page names its scripts, which the next deploy replaces), the
 * content's version (so an edit shows), the language the page renders in (cookie or
 * Accept-Language) and the URL.
 */
export async function edgeCacheKey(request: Request, versions: { build: string; content: number }) {
  const url = new URL(request.url);
  const locale = await i18nServer.getLocale(request);
  return new Request(`${url.origin}/__page/${versions.build}/${versions.content}/${locale}${url.pathname}${url.search}`);
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
function edgeCache() {
  return (caches as unknown as { default: Cache }).default;
}

// Pages this isolate served or stored lately, in front of the Cache API: a lookup there is a
// subrequest, and a busy isolate asks for the same few pages again and again. Same keys, same
// lifetime; the oldest go first past EDGE_MEMORY_MAX_BYTES.
type KeptPage = { body: ArrayBuffer; status: number; headers: [string, string][]; expiresAt: number };
const keptPages = new Map<string, KeptPage>();
let keptBytes = 0;

function forgetPage(url: string) {
  const page = keptPages.get(url);
  if (!page) return;
  keptBytes -= page.body.byteLength;
  keptPages.delete(url);
}

async function keepPage(url: string, response: Response) {
  const lifetime = Number(/\bs-maxage=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1] ?? 0);
  const age = Number(response.headers.get("Age") ?? 0) || 0;
  if (lifetime - age <= 0) return;
  const body = await response.arrayBuffer();
  if (body.byteLength > EDGE_MEMORY_MAX_BYTES / 8) return;
  forgetPage(url);
  keptPages.set(url, { body, status: response.status, headers: [...response.headers], expiresAt: Date.now() + (lifetime - age) * 1000 });
  keptBytes += body.byteLength;
  for (const oldest of keptPages.keys()) {
    if (keptBytes <= EDGE_MEMORY_MAX_BYTES) break;
    forgetPage(oldest);
  }
}

/** A stored visitor's page for this key: from this isolate's memory, else the Cache API. */
export async function findPage(key: Request): Promise<Response | null> {
  const kept = keptPages.get(key.url);
  if (kept && kept.expiresAt > Date.now()) return new Response(kept.body, { status: kept.status, headers: kept.headers });
  forgetPage(key.url);
  const cached = await edgeCache().match(key);
  if (!cached) return null;
  await keepPage(key.url, cached.clone());
  return cached;
}

/**
 * Stores a fresh visitor's page for others (call after `isStorable`), in memory and in the Cache
 * API. A page whose visitor left before it was sent cannot be read to the end and is not stored:
 * the next visitor's copy is.
 */
export async function storePage(key: Request, response: Response) {
  await Promise.all([edgeCache().put(key, response.clone()), keepPage(key.url, response)]).catch(() => {});
}
