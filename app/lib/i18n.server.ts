import { createCookie } from "@remix-run/cloudflare";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
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

// One i18next instance per language, made on first use and kept for the isolate's life. Building
// one (remix-i18next's getFixedT does it on every call) took about 3 ms of CPU, two or three times
// a request. Nothing changes a kept instance's language: the browser's own instance is the one
// that switches.
const instances = new Map<string, I18n>();

/** The i18next instance that renders `locale` (a supported language). */
export function i18nextFor(locale: string): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({ ...i18nConfig, lng: locale, resources, initImmediate: false });
    rememberPlainTranslations(instance, locale);
    instances.set(locale, instance);
  }
  return instance;
}

const REMEMBERED_TEXTS_MAX = 5_000;

/** Options of only strings, numbers and booleans as part of a key, else null (not remembered). */
function plainValues(options: unknown): string | null {
  if (typeof options !== "object" || options === null) return null;
  for (const value of Object.values(options)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean") return null;
  }
  return JSON.stringify(options);
}

/**
 * A label asked for with the same options (none, or plain values: a count, a name, a date) is the
 * same text every time for a kept instance, so its `t` functions remember it. A page asks for
 * hundreds of labels, and i18next's full lookup (key parsing, nesting, interpolation, plural
 * rules) was the largest single cost of rendering one. Labels with values vary with the data, so
 * at most REMEMBERED_TEXTS_MAX are kept (all are forgotten past it).
 */
function rememberPlainTranslations(instance: I18n, locale: string) {
  const texts = new Map<string, string>();
  const getFixedT = instance.getFixedT.bind(instance) as (...args: unknown[]) => unknown;
  instance.getFixedT = ((lng: string | readonly string[] | null, ns?: string | readonly string[] | null, keyPrefix?: string) => {
    const t = getFixedT(lng, ns, keyPrefix) as (key: unknown, options?: unknown) => string;
    if ((lng !== null && lng !== locale) || keyPrefix || (ns && typeof ns !== "string")) return t;
    const remembering = (key: unknown, options?: unknown) => {
      const values = options === undefined ? "" : plainValues(options);
      if (values === null || typeof key !== "string") return t(key, options);
      const id = `${ns ?? ""}:${key}\u0000${values}`;
      let text = texts.get(id);
      if (text === undefined) {
        text = t(key, options);
        if (texts.size >= REMEMBERED_TEXTS_MAX) texts.clear();
        texts.set(id, text);
      }
      return text;
    };
    return Object.assign(remembering, { lng, ns, keyPrefix });
  }) as I18n["getFixedT"];
}

// Several loaders and the entry ask for the same request's language; it is worked out once. And
// the answer depends only on `?lng=`, the lng cookie and Accept-Language, which repeat from request
// to request: parsing them (the cookie, the weighted language list) was a tenth of a cached
// page's CPU, so recent answers are kept (values, not promises: a request may not wait on
// another request's work).
const requestLocales = new WeakMap<Request, Promise<string>>();
const recentLocales = new Map<string, string>();
const RECENT_LOCALES_MAX = 1_000;

async function detectLocale(request: Request) {
  // Only the language cookie's own value is part of the key: no session token is kept.
  const cookie = /(?:^|;\s*)lng=([^;]*)/.exec(request.headers.get("Cookie") ?? "")?.[1];
  const key = [new URL(request.url).searchParams.get("lng"), cookie, request.headers.get("Accept-Language")].join("\n");
  const known = recentLocales.get(key);
  if (known) return known;
  const locale = await detector.getLocale(request);
  if (recentLocales.size >= RECENT_LOCALES_MAX) recentLocales.delete(recentLocales.keys().next().value!);
  recentLocales.set(key, locale);
  return locale;
}

export const i18nServer = {
  getLocale(request: Request): Promise<string> {
    let locale = requestLocales.get(request);
    if (!locale) {
      locale = detectLocale(request);
      requestLocales.set(request, locale);
    }
    return locale;
  },
  async getFixedT(request: Request): Promise<TFunction> {
    const locale = await i18nServer.getLocale(request);
    return i18nextFor(locale).getFixedT(locale);
  },
};

/** The Set-Cookie value that remembers a `?lng=` choice, or null when the URL makes none. */
export async function languageChoiceCookie(request: Request) {
  const chosen = new URL(request.url).searchParams.get("lng");
  return isSupportedLanguage(chosen) ? languageCookie.serialize(chosen) : null;
}
