import { createCookie, type Cookie, type CookieOptions } from "@remix-run/cloudflare";
import { parse } from "cookie";
import { GUEST_CART_DAYS, SESSION_MAX_AGE_DAYS } from "~/lib/constants";
import { isLocalRequest } from "~/lib/host";

/**
 * Our cookies' names (outside localhost with the `__Host-` prefix). The session, the guest cart
 * and a waiting toast make a page someone's own: a request with any of them is never served
 * from, nor stored in, a shared cache.
 */
export const COOKIE_NAMES = { session: "sid", guestCart: "cart", toast: "toast", device: "device" } as const;
const PERSONAL_COOKIES: ReadonlySet<string> = new Set([COOKIE_NAMES.session, COOKIE_NAMES.guestCart, COOKIE_NAMES.toast]);

/**
 * Whether the request carries a session, guest cart or toast cookie, read with the parser that
 * reads them for the session itself (the `cookie` package, as Remix's cookies do): `sid =x` and
 * `a=1; sid=x` are that cookie for both. A forged or empty value counts too: such a request is
 * rendered afresh and never shared.
 */
export function hasPersonalCookie(request: Request) {
  const header = request.headers.get("Cookie");
  if (!header) return false;
  return Object.keys(parse(header)).some((name) => PERSONAL_COOKIES.has(name.replace(/^__Host-/, "")));
}

/**
 * A signed, HttpOnly cookie. Outside localhost it is Secure and, for host-only cookies, named
 * with the `__Host-` prefix so a sibling subdomain cannot plant it.
 */
export function signedCookie(local: boolean, name: string, secret: string, options: CookieOptions = {}) {
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
  return signedCookie(isLocalRequest(request), COOKIE_NAMES.session, secret, { maxAge: SESSION_MAX_AGE_DAYS * DAY_SECONDS });
}

/** A guest's cart id (signed); a member's cart belongs to the account instead. */
export function guestCartCookie(request: Request, secret: string) {
  return signedCookie(isLocalRequest(request), COOKIE_NAMES.guestCart, secret, { maxAge: GUEST_CART_DAYS * DAY_SECONDS });
}
