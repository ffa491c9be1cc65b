import { parse, serialize } from "cookie";
import type { LanguageCode } from "~/lib/constants";
import { defaultCurrencyOf, isCurrency, type Currency } from "~/lib/currency";
import { isLocalRequest } from "~/lib/host";

/** The cookie that keeps the buyer's display currency, like `lng` keeps the language. */
const DISPLAY_CURRENCY_COOKIE = "currency";

const YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The currency the URL's `currency` names, or null (absent or unknown). */
function urlCurrency(request: Request) {
  const fromUrl = new URL(request.url).searchParams.get("currency");
  return isCurrency(fromUrl) ? fromUrl : null;
}

/**
 * The currency the cookie keeps, read with the parser the session's cookies are read with (the
 * `cookie` package): ` currency =EUR` is that cookie for the page and the edge cache's key alike.
 */
function cookieCurrency(request: Request) {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value = parse(header)[DISPLAY_CURRENCY_COOKIE];
  return isCurrency(value) ? value : null;
}

/**
 * The currency prices are shown in for this request: the URL's `currency`, then the cookie, then
 * the language's own. Unknown values are ignored.
 */
export function displayCurrency(request: Request, language: LanguageCode): Currency {
  return urlCurrency(request) ?? cookieCurrency(request) ?? defaultCurrencyOf(language);
}

/** The Set-Cookie value that remembers a `?currency=` choice, or null when the URL makes none (or repeats the cookie's). */
export function currencyChoiceCookie(request: Request) {
  const chosen = urlCurrency(request);
  if (!chosen || chosen === cookieCurrency(request)) return null;
  return serialize(DISPLAY_CURRENCY_COOKIE, chosen, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: !isLocalRequest(request),
    maxAge: YEAR_SECONDS,
  });
}
