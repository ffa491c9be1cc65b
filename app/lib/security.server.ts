import { hasPersonalCookie } from "~/lib/cookies";

/**
 * Headers every response carries. Scripts need the request's nonce, so inline code that
 * an attacker manages to inject never runs. HTTPS is enforced everywhere but on localhost.
 */
export function securityHeaders(nonce: string, local: boolean): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    // Page sections and blog posts may name an image on another https site (the CMS takes any
    // http(s) URL); plain http images would be mixed content, which browsers upgrade or block.
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(local ? {} : { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" }),
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard: a state-changing request must come from our own pages.
 * Browsers send Origin on every cross-origin POST; requests without it (curl, old clients)
 * are judged by Sec-Fetch-Site when present.
 */
export function isCrossOriginMutation(request: Request) {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin) return origin !== new URL(request.url).origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

/**
 * A response that belongs to one person (it sets a cookie, or the request carried their
 * cookies) is never stored by a browser or proxy cache; only content-addressed files
 * (`immutable`, such as catalog images) keep their own caching.
 */
export function cacheControlFor(request: Request, response: Response) {
  if (response.headers.has("Set-Cookie")) return "private, no-store";
  const immutable = /\bimmutable\b/.test(response.headers.get("Cache-Control") ?? "");
  if (hasPersonalCookie(request) && !immutable) return "private, no-store";
  return null;
}

const BOOKMARK = /^[0-9a-f-]{1,128}$/i;

/** The D1 bookmark a visitor's last write left, when the cookie holds one. */
export function bookmarkFrom(request: Request) {
  const match = /(?:^|;\s*)d1b=([^;]*)/.exec(request.headers.get("Cookie") ?? "");
  return match && BOOKMARK.test(match[1]) ? match[1] : null;
}

/** Not secret: it only names a point in the database's history the visitor has seen. */
export function bookmarkCookie(bookmark: string, local: boolean) {
  return `d1b=${bookmark}; Path=/; Max-Age=600; HttpOnly; SameSite=Lax${local ? "" : "; Secure"}`;
}
