import { createCookie } from "@remix-run/cloudflare";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type LanguageCode } from "~/lib/constants";
import { isSupportedLanguage } from "~/lib/i18n";

// Which language a request asks for. Kept apart from the translations (i18n.server.ts), so that
// the Worker's edge cache, which needs only the language for its key, loads no locale file.

const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** Language detection only: `?lng=`, then the cookie, then Accept-Language. */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: SUPPORTED_LANGUAGES,
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    searchParamKey: "lng",
    order: ["searchParams", "cookie", "header"],
  },
});

// Several loaders and the document ask for the same request's language: worked out once per request.
const requestLocales = new WeakMap<Request, Promise<LanguageCode>>();

/** The supported language the request asks for. */
export function detectLocale(request: Request): Promise<LanguageCode> {
  let locale = requestLocales.get(request);
  if (!locale) {
    locale = detector.getLocale(request).then((found) => (isSupportedLanguage(found) ? found : DEFAULT_LANGUAGE));
    requestLocales.set(request, locale);
  }
  return locale;
}

/** The Set-Cookie value that remembers a `?lng=` choice, or null when the URL makes none. */
export async function languageChoiceCookie(request: Request) {
  const chosen = new URL(request.url).searchParams.get("lng");
  return isSupportedLanguage(chosen) ? languageCookie.serialize(chosen) : null;
}
