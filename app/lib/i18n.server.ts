import { createCookie } from "@remix-run/cloudflare";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "~/lib/constants";
import { i18nConfig, isSupportedLanguage } from "~/lib/i18n";
import en from "~/locales/en.json";
import es from "~/locales/es.json";
import fr from "~/locales/fr.json";
import hi from "~/locales/hi.json";
import ja from "~/locales/ja.json";
import zh from "~/locales/zh.json";

export const resources = {
  en: { common: en },
  es: { common: es },
  fr: { common: fr },
  zh: { common: zh },
  hi: { common: hi },
  ja: { common: ja },
};

export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: SUPPORTED_LANGUAGES,
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: languageCookie,
    searchParamKey: "lng",
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { ...i18nConfig, resources },
});

/** The Set-Cookie value that remembers a `?lng=` choice, or null when the URL makes none. */
export async function languageChoiceCookie(request: Request) {
  const chosen = new URL(request.url).searchParams.get("lng");
  return isSupportedLanguage(chosen) ? languageCookie.serialize(chosen) : null;
}
