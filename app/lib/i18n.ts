import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "~/lib/constants";

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
