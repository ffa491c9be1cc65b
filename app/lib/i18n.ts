import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, TRANSLATION_LANGUAGES, type LanguageCode, type TranslationLanguage } from "~/lib/constants";
import { slugify } from "~/lib/format";

/** Shared by the server's and the browser's i18next instances. */
export const i18nConfig = {
  supportedLngs: SUPPORTED_LANGUAGES,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  ns: ["common"],
  react: { useSuspense: false },
  interpolation: { escapeValue: false },
};

export function isSupportedLanguage(value: string | null | undefined): value is (typeof SUPPORTED_LANGUAGES)[number] {
  return !!value && (SUPPORTED_LANGUAGES as string[]).includes(value);
}

/** The language a translation of managed content is into, or null for the original's language. */
export function translationLanguage(language: LanguageCode): TranslationLanguage | null {
  return TRANSLATION_LANGUAGES.find((code) => code === language) ?? null;
}

/** Label groups for names that are stored in English (categories), keyed by the name's slug. */
export type NameLabels = "categoryNames" | "content.categories";

/**
 * A name stored in English (a product's or an article's category) in the page's language: the
 * group's label for it when it is a known name, else the name as stored.
 */
export function nameLabel(t: (key: string, options: { defaultValue: string }) => string, group: NameLabels, name: string) {
  const key = slugify(name);
  // The name itself is never i18next's default value: i18next would read '{{…}}' and '$t(…)' in it.
  return (key && t(`${group}.${key}`, { defaultValue: "" })) || name;
}
