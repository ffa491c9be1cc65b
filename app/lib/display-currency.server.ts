import type { LanguageCode } from "~/lib/constants";
import { defaultCurrencyOf, isCurrency, type Currency } from "~/lib/currency";

/** The cookie that keeps the buyer's display currency, like `lng` keeps the language. */
export const DISPLAY_CURRENCY_COOKIE = "currency";

/**
 * The currency prices are shown in for this request: the URL's `currency`, then the cookie, then
 * the language's own. Unknown values are ignored.
 */
export function displayCurrency(request: Request, language: LanguageCode): Currency {
  const fromUrl = new URL(request.url).searchParams.get("currency");
  if (isCurrency(fromUrl)) return fromUrl;
  const cookie = request.headers.get("Cookie") ?? "";
  const match = /(?:^|;\s*)currency=([A-Z]{3})(?:;|$)/.exec(cookie);
  if (match && isCurrency(match[1])) return match[1];
  return defaultCurrencyOf(language);
}
