import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { MemoryCache } from "~/lib/cache";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import { i18nConfig } from "~/lib/i18n";
import { detectLocale } from "~/lib/locale.server";
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

// One i18next instance per language, made on first use: making one (remix-i18next's getFixedT
// does it on every call) costs about 3 ms of CPU, two or three times a request. Nothing changes a
// cached instance's language; the browser's own instance is the one that switches.
const i18nextCache = new MemoryCache<I18n>({ max: SUPPORTED_LANGUAGES.length });

/** The i18next instance that renders `locale` (a supported language). */
export function i18nextFor(locale: string): I18n {
  let instance = i18nextCache.get(locale);
  if (!instance) {
    instance = createInstance();
    void instance.use(initReactI18next).init({ ...i18nConfig, lng: locale, resources, initImmediate: false });
    i18nextCache.set(locale, instance);
  }
  return instance;
}

export const i18nServer = {
  getLocale: detectLocale,
  async getFixedT(request: Request): Promise<TFunction> {
    const locale = await detectLocale(request);
    return i18nextFor(locale).getFixedT(locale);
  },
};
