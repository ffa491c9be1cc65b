import type { LanguageCode } from "~/lib/constants";
import en from "~/locales/en.json?url";
import es from "~/locales/es.json?url";
import fr from "~/locales/fr.json?url";
import hi from "~/locales/hi.json?url";
import ja from "~/locales/ja.json?url";
import zh from "~/locales/zh.json?url";

/**
 * Each language's labels as a file of the build (its name carries a hash of its content, so a
 * browser keeps it until it changes): the browser's i18next loads the page's language whole,
 * so no page can show a label it did not load.
 */
export const localeFileUrls: Record<LanguageCode, string> = { en, es, fr, zh, hi, ja };
