/**
 * Localhost is plain HTTP in development and tests; everywhere else cookies are Secure and
 * HTTPS is enforced. (No imports: the Vite config loads this file too.)
 */
export function isLocalRequest(request: Request) {
  const { hostname } = new URL(request.url);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** A host name, IPv4 address or bracketed IPv6 address, with an optional port: what a Host header may hold. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether a request names no place we can answer for, to be refused with 400 before anything
 * reads it: its URL does not parse (the runtime builds it from the Host header, so
 * `Host: 127.0.0.1:8792.evil.example` gives a URL no code can read), its Host header is not a
 * host, or a write names another host than its URL's. Remix compares a write's Origin with
 * `X-Forwarded-Host` (else Host) and throws when they differ, which became a 500: a write that
 * reaches it here names its own host, so that check can only pass.
 */
export function isMisaddressed(request: Request) {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return true;
  }
  const host = request.headers.get("Host");
  if (host !== null && !HOST.test(host)) return true;
  if (SAFE_METHODS.has(request.method)) return false;
  const named = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim() || host;
  return !!named && named !== url.host;
}
