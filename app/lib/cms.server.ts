import type { AppLoadContext } from "@remix-run/cloudflare";
import { cmsLanguage, cmsPath, languageName, type CmsTabPath } from "~/lib/cms";
import type { TranslationLanguage } from "~/lib/constants";
import { redirectWithToast } from "~/lib/toast.server";

// The CMS's answers to a saved form: back to the tab's list with a toast.

/** Back to the list the form was on, in the language it showed. */
export function savedTo(context: AppLoadContext, request: Request, tab: CmsTabPath, description: string) {
  const language = cmsLanguage(new URL(request.url).searchParams);
  return redirectWithToast(context, cmsPath(tab, language), { type: "success", title: "content.cms.savedTitle", description });
}

/** Back to the list in the language just saved. */
export function translatedTo(context: AppLoadContext, tab: CmsTabPath, language: TranslationLanguage) {
  return redirectWithToast(context, cmsPath(tab, language), {
    type: "success",
    title: "content.cms.savedTitle",
    description: "content.cms.translationSaved",
    values: { language: languageName(language) },
  });
}
