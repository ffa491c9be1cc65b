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

/** The data centre's cache (`caches.default`; the DOM typings of `caches` do not know it). */
function edgeCache() {
  return (caches as unknown as { default: Cache }).default;
}

// Pages this isolate served or stored lately, in front of the Cache API: a lookup there is a
// subrequest, and a busy isolate asks for the same few pages again and again. Same keys, same
// lifetime; the oldest go first past EDGE_MEMORY_MAX_BYTES. A page is kept in two parts: the
// bytes before its first element with a nonce, sent as they are, and the rest (Remix's scripts
// at the end of the body), which the nonce rewriter reads. Rewriting the whole home page cost
// more than serving the rest of it.
type KeptPage = { before: Bytes; from: Bytes; status: number; headers: [string, string][]; expiresAt: number };
const keptPages = new Map<string, KeptPage>();
type Bytes = Uint8Array<ArrayBuffer>;
// (TextEncoder's typing allows a shared buffer, which it never returns.)
const bytesOf = (text: string) => new TextEncoder().encode(text) as Bytes;
let keptBytes = 0;

const sizeOf = (page: KeptPage) => page.before.byteLength + page.from.byteLength;

function forgetPage(url: string) {
  const page = keptPages.get(url);
  if (!page) return;
  keptBytes -= sizeOf(page);
  keptPages.delete(url);
}

/** A stored response's page, split for the nonce rewriter; `expiresAt` is when its shared lifetime ends. */
async function readPage(response: Response): Promise<KeptPage> {
  const lifetime = Number(/\bs-maxage=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1] ?? 0);
  const age = Number(response.headers.get("Age") ?? 0) || 0;
  const html = await response.text();
  const attribute = html.indexOf(' nonce="');
  // React escapes '<' in text and attribute values: the last one before the attribute opens its element.
  const split = attribute === -1 ? html.length : html.lastIndexOf("<", attribute);
  return {
    before: bytesOf(html.slice(0, split)),
    from: bytesOf(html.slice(split)),
    status: response.status,
    headers: [...response.headers],
    expiresAt: Date.now() + (lifetime - age) * 1000,
  };
}

function keepPage(url: string, page: KeptPage) {
  if (page.expiresAt <= Date.now() || sizeOf(page) > EDGE_MEMORY_MAX_BYTES / 8) return;
  forgetPage(url);
  keptPages.set(url, page);
  keptBytes += sizeOf(page);
  for (const oldest of keptPages.keys()) {
    if (keptBytes <= EDGE_MEMORY_MAX_BYTES) break;
    forgetPage(oldest);
  }
}

/**
 * A kept page with this response's nonce on every element that had one (its scripts and
 * preloads): reusing one nonce for everyone would let an injected script copy it.
 */
async function withFreshNonce(page: KeptPage, nonce: string) {
  const rewritten = await new HTMLRewriter()
    .on("[nonce]", { element: (element) => void element.setAttribute("nonce", nonce) })
    .transform(new Response(page.from))
    .arrayBuffer();
  return new Response(new Blob([page.before, rewritten]), { status: page.status, headers: page.headers });
}

/**
 * A stored visitor's page for this key, from this isolate's memory, else the Cache API, with
 * `nonce` in place of the one it was stored with.
 */
export async function findPage(key: Request, nonce: string): Promise<Response | null> {
  const kept = keptPages.get(key.url);
  if (kept && kept.expiresAt > Date.now()) return withFreshNonce(kept, nonce);
  forgetPage(key.url);
  const cached = await edgeCache().match(key);
  if (!cached) return null;
  const page = await readPage(cached);
  keepPage(key.url, page);
  return withFreshNonce(page, nonce);
}

/**
 * Stores a fresh visitor's page for others (call after `isStorable`), in memory and in the Cache
 * API. A page whose visitor left before it was sent cannot be read to the end and is not stored:
 * the next visitor's copy is.
 */
export async function storePage(key: Request, response: Response) {
  await Promise.all([edgeCache().put(key, response.clone()), readPage(response).then((page) => keepPage(key.url, page))]).catch(() => {});
}
