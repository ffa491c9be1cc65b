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

// A label asked for with the same options (none, or the same count, name or date) is the same text
// every time in a language: a page asks for hundreds, and i18next's lookup (key parsing, plural
// rules, interpolation) was 1.3 ms of a member's home page (of 13.5) on this machine. Labels with
// values vary with the data, so the least used go first. Each language keeps its own, so a label
// without options is found by its key as the code writes it (a string whose hash the engine
// keeps), with no key built per call. The six together keep about as many as one cache did (20,000).
const LABELS_PER_LANGUAGE = 4_000;

/** Options of only strings, numbers and booleans, as part of a cache key; null for anything else. */
function plainOptions(options: unknown): string | null {
  if (options === undefined) return "";
  if (typeof options !== "object" || options === null) return null;
  for (const value of Object.values(options)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean") return null;
  }
  return JSON.stringify(options);
}

/**
 * `t` for a language whose answers come from its own `labelCache` when they can: the same function
 * behind a proxy, so it keeps i18next's `TFunction` type (its overloads cannot be written as a
 * function).
 */
function cachedT(t: TFunction): TFunction {
  const labelCache = new MemoryCache<string>({ max: LABELS_PER_LANGUAGE });
  return new Proxy(t, {
    apply(translate, thisArg, [key, options]: unknown[]) {
      const values = plainOptions(options);
      if (values === null || typeof key !== "string") return Reflect.apply(translate, thisArg, [key, options]);
      const id = values === "" ? key : `${key}\u0000${values}`;
      const cached = labelCache.get(id);
      if (cached !== undefined) return cached;
      const text: unknown = Reflect.apply(translate, thisArg, [key, options]);
      if (typeof text === "string") labelCache.set(id, text);
      return text;
    },
  });
}

interface ServerI18n {
  /** What react-i18next renders with: the language's instance, whose fixed `t` reads `labelCache`. */
  i18n: I18n;
  t: TFunction;
}

// Per language, made on first use: making an i18next instance (remix-i18next's getFixedT does it
// on every call) costs about 3 ms of CPU. Nothing changes an instance's language; the browser's
// own instance is the one that switches.
const i18nextCache = new MemoryCache<ServerI18n>({ max: SUPPORTED_LANGUAGES.length });

/** The server's i18next for `locale` (a supported language). */
export function i18nextFor(locale: string): ServerI18n {
  let cached = i18nextCache.get(locale);
  if (!cached) {
    const instance = createInstance();
    void instance.use(initReactI18next).init({ ...i18nConfig, lng: locale, resources, initImmediate: false });
    const t = cachedT(instance.getFixedT(locale));
    // A view of the instance (the instance itself is left as it is) whose getFixedT answers with
    // the cached `t`: react-i18next's useTranslation asks for it once per component render.
    const i18n = Object.create(instance, { getFixedT: { value: () => t } }) as I18n;
    cached = { i18n, t };
    i18nextCache.set(locale, cached);
  }
  return cached;
}

export const i18nServer = {
  getLocale: detectLocale,
  async getFixedT(request: Request): Promise<TFunction> {
    return i18nextFor(await detectLocale(request)).t;
  },
};
