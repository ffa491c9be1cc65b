import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from "~/lib/constants";
import { isSupportedLanguage } from "~/lib/i18n";

/** The CMS's tabs, each a route of its own under the /cms layout. */
export const CMS_TABS = [
  { path: "/cms", label: "content.cms.contentTab" },
  { path: "/cms/blog", label: "content.cms.blogTab" },
  { path: "/cms/news", label: "content.cms.newsTab" },
] as const;
export type CmsTabPath = (typeof CMS_TABS)[number]["path"];

/**
 * A CMS address: the tab, the content language (English, the original, is the default) and the
 * row being edited. The language is `language`, not `lng`: the editors' own interface language
 * stays as it is while they edit another.
 */
export function cmsPath(tab: CmsTabPath, language: LanguageCode, extra: Record<string, string> = {}) {
  const query = new URLSearchParams({ ...(language === DEFAULT_LANGUAGE ? {} : { language }), ...extra }).toString();
  return query ? `${tab}?${query}` : tab;
}

/** The content language a CMS address names (English when it names none, or one we do not have). */
export function cmsLanguage(search: URLSearchParams): LanguageCode {
  const chosen = search.get("language");
  return isSupportedLanguage(chosen) ? chosen : DEFAULT_LANGUAGE;
}

export const languageName = (code: LanguageCode) => LANGUAGES.find((l) => l.code === code)!.name;
