import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CmsArticleList } from "~/components/content/cms-articles";
import { FormErrors } from "~/components/ui/form";
import { withHref } from "~/lib/articles";
import { cmsLanguage } from "~/lib/cms";
import { translatedTo } from "~/lib/cms.server";
import { ArticleTranslationSchema } from "~/lib/content-schemas";
import { invariantResponse } from "~/lib/http";
import { translationLanguage } from "~/lib/i18n";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { listArticlesToEdit, saveArticleTranslation } from "~/models/articles.server";
import { requireAdmin } from "~/services/auth.server";

// The CMS's news articles: written in English, translated here into the other languages.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const language = cmsLanguage(url.searchParams);
  const { articles, editing } = await listArticlesToEdit(context.db, "news", language, url.searchParams.get("edit"));
  return { language, articles: articles.map(withHref), editing };
}

/** One intent: a news article's translation. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, ArticleTranslationSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { intent: _intent, articleId, language, ...fields } = submission.value;
  invariantResponse(await saveArticleTranslation(context.db, "news", articleId, language, fields), 404);
  return translatedTo(context, "/cms/news", language);
}

export default function CmsNews() {
  const { articles, editing, language } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const original = !translationLanguage(language);
  return (
    <section aria-labelledby="news-articles" className="mt-6">
      <FormErrors errors={answer?.error?.[""] ?? undefined} />
      <h2 id="news-articles" className="text-lg font-semibold">
        {t("content.cms.newsTab")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{original ? t("content.cms.newsChooseLanguage") : t("content.cms.newsTranslating")}</p>
      {articles.length === 0 ? (
        <p className="mt-4 text-slate-700">{t("content.cms.noNews")}</p>
      ) : (
        <CmsArticleList
          tab="/cms/news"
          testId="cms-news"
          articles={articles}
          editing={editing}
          confirmDelete={null}
          language={language}
          answer={answer}
          manage={false}
        />
      )}
    </section>
  );
}
