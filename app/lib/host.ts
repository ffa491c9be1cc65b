/**
 * Localhost is plain HTTP in development and tests; everywhere else cookies are Secure and
 * HTTPS is enforced. (No imports: the Vite config loads this file too.)
 */
export function isLocalRequest(request: Request) {
  const { hostname } = new URL(request.url);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}
