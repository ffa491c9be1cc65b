import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, TRANSLATION_LANGUAGES, type LanguageCode, type TranslationLanguage } from "~/lib/constants";
import { formatCompactNumber, formatNumber, slugify } from "~/lib/format";

/**
 * Numbers in labels are written as the reader's language writes them: a label says how, as
 * '{{count, number}}' ('12,345', '12 345', '12.345') or '{{members, compact}}' ('11 million',
 * '1100万', '1.1 करोड़'). Our own formatter, not i18next's built-in one: ours keeps one cached
 * Intl formatter per language (app/lib/format.ts), where i18next's caches one per value.
 */
function formatValue(value: unknown, format: string | undefined, lng: string | undefined) {
  if (typeof value !== "number" || !lng) return value as string;
  if (format === "number") return formatNumber(value, lng);
  if (format === "compact") return formatCompactNumber(value, lng);
  return String(value);
}

/** Shared by the server's and the browser's i18next instances. */
export const i18nConfig = {
  supportedLngs: SUPPORTED_LANGUAGES,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common"],
  react: { useSuspense: false },
  interpolation: { escapeValue: false, format: formatValue },
};

export function isSupportedLanguage(value: string | null | undefined): value is (typeof SUPPORTED_LANGUAGES)[number] {
  return !!value && (SUPPORTED_LANGUAGES as string[]).includes(value);
}

/** Whether a message is a translation key ('validation.required'), not text from elsewhere. */
export function isTranslationKey(value: unknown): value is string {
  return typeof value === "string" && /^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/.test(value);
}

/** The language a translation of managed content is into, or null for the original's language. */
export function translationLanguage(language: LanguageCode): TranslationLanguage | null {
  return TRANSLATION_LANGUAGES.find((code) => code === language) ?? null;
}

/** Label groups for names that are stored in English (categories), keyed by the name's slug. */
type NameLabels = "categoryNames" | "content.categories";
type Translate = (key: string, options: { defaultValue: string }) => string;

/**
 * A name stored in English (a product's or an article's category) in the page's language: the
 * group's label for it when it is a known name, else the name as stored.
 */
export function nameLabel(t: Translate, group: NameLabels, name: string) {
  const key = slugify(name);
  // The name itself is never i18next's default value: i18next would read '{{…}}' and '$t(…)' in it.
  return (key && t(`${group}.${key}`, { defaultValue: "" })) || name;
}

/**
 * A product or trade-lead category (stored in English) in the page's language, wherever one is
 * shown: the product and lead lists, cards, the home page, alerts. One label group holds both
 * lists' names; a name typed into the category filter that is none of them shows as typed.
 */
export function categoryLabel(t: Translate, name: string) {
  return nameLabel(t, "categoryNames", name);
}

/**
 * A membership plan in the page's language: a plan of the list (free, silver, gold, platinum) or
 * a profile's plan (free, premium, professional, enterprise, admin). A plan without a label (one an
 * operator added to the list) shows its stored display name.
 */
export function planLabel(t: Translate, name: string, displayName: string = name) {
  return (name && t(`plans.${slugify(name)}`, { defaultValue: "" })) || displayName;
}
