import { createCookie, type Cookie, type CookieOptions } from "@remix-run/cloudflare";
import { GUEST_CART_DAYS, SESSION_MAX_AGE_DAYS } from "~/lib/constants";
import { isLocalRequest } from "~/lib/host";

/**
 * A signed, HttpOnly cookie. Outside localhost it is Secure and, for host-only cookies, named
 * with the `__Host-` prefix so a sibling subdomain cannot plant it.
 */
export function signedCookie(request: Request, name: string, secret: string, options: CookieOptions = {}) {
  const local = isLocalRequest(request);
  return createCookie(local ? name : `__Host-${name}`, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: !local,
    secrets: [secret],
    ...options,
  });
}

/**
 * The cookie's value, or null when it is absent, forged, or not what we wrote: a cookie that
 * does not verify is treated as absent instead of failing the page.
 */
export async function readCookie(cookie: Cookie, request: Request): Promise<unknown> {
  try {
    return (await cookie.parse(request.headers.get("Cookie"))) ?? null;
  } catch {
    return null;
  }
}

const DAY_SECONDS = 86_400;

/** The session cookie: only a random token; the row lives in D1. */
export function sessionCookie(request: Request, secret: string) {
  return signedCookie(request, "sid", secret, { maxAge: SESSION_MAX_AGE_DAYS * DAY_SECONDS });
}

/** A guest's cart id (signed); a member's cart belongs to the account instead. */
export function guestCartCookie(request: Request, secret: string) {
  return signedCookie(request, "cart", secret, { maxAge: GUEST_CART_DAYS * DAY_SECONDS });
}
