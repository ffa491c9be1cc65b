import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticleCard } from "~/components/content/article-card";
import { ArticleForm, type ArticleValues, type CmsAnswer } from "~/components/content/cms-forms";
import { ArticleTranslationEditor, NotTranslated, TranslatedText } from "~/components/content/cms-translations";
import { cmsPath, type CmsTabPath } from "~/lib/cms";
import type { LanguageCode } from "~/lib/constants";
import { translationLanguage } from "~/lib/i18n";
import { withSearchParam } from "~/lib/url";

export const cmsButton = "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";

interface ArticleTexts {
  title: string | null;
  excerpt: string | null;
  category: string | null;
}

/** An article of a CMS list: its card's fields, its page, and its translation into the language shown. */
interface CmsArticle extends Omit<ArticleValues, "content" | "imageUrl"> {
  href: string;
  isPublished: boolean;
  translation: ArticleTexts | null;
}

/** The article being edited: every text, and its translation's. */
type EditedArticle = ArticleValues & { translation: (ArticleTexts & { content: string | null }) | null };

/**
 * The articles of a CMS tab (blog posts, news articles), newest first, each as its card with its
 * buttons, or as its editor: the original's form in English, the translation's in another
 * language. `manage` adds what the blog has besides translations: edit in English, publish or
 * unpublish, delete after a confirmation.
 */
export function CmsArticleList({
  tab,
  testId,
  articles,
  editing,
  confirmDelete,
  language,
  answer,
  manage,
}: {
  tab: CmsTabPath;
  testId: string;
  articles: CmsArticle[];
  editing: EditedArticle | null;
  confirmDelete: string | null;
  language: LanguageCode;
  answer: CmsAnswer;
  manage: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = (key: string, value: string | null) => withSearchParam(location.pathname, location.search, key, value);
  const target = translationLanguage(language);
  return (
    <ul className="mt-4 grid gap-4">
      {articles.map((article) => {
        const texts = target ? (article.translation ?? { title: null, excerpt: null, category: null }) : article;
        return (
          <li key={article.id} data-testid={testId}>
            {editing?.id === article.id && (target || manage) ? (
              <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                {target ? (
                  <ArticleTranslationEditor article={editing} language={target} answer={answer} cancelTo={cmsPath(tab, target)} />
                ) : (
                  <ArticleForm article={editing} answer={answer} cancelTo={tab} />
                )}
              </div>
            ) : (
              <ArticleCard
                article={{
                  id: article.id,
                  title: article.title,
                  excerpt: article.excerpt,
                  category: texts.category ?? article.category,
                  author: article.author,
                  readMinutes: article.readMinutes,
                }}
                heading="h3"
                title={<TranslatedText value={texts.title} original={article.title} />}
                excerpt={article.excerpt && <TranslatedText value={texts.excerpt} original={article.excerpt} />}
                badges={
                  <>
                    {manage && (
                      <span
                        className={`rounded-full px-3 py-0.5 text-xs font-semibold ${article.isPublished ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
                      >
                        {article.isPublished ? t("content.cms.published") : t("content.cms.draft")}
                      </span>
                    )}
                    {target && !article.translation && <NotTranslated />}
                  </>
                }
              >
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <Link to={target ? `${article.href}?lng=${target}` : article.href} className={cmsButton}>
                    {t("content.cms.view")}
                  </Link>
                  {manage && (
                    <Form method="post">
                      <input type="hidden" name="articleId" value={article.id} />
                      <button name="intent" value={article.isPublished ? "unpublish" : "publish"} className={cmsButton}>
                        {article.isPublished ? t("content.cms.unpublish") : t("content.cms.publish")}
                      </button>
                    </Form>
                  )}
                  {(target || manage) && (
                    <Link to={cmsPath(tab, language, { edit: article.id })} className={cmsButton}>
                      {t("content.cms.edit")}
                    </Link>
                  )}
                  {manage &&
                    (confirmDelete === article.id ? (
                      <div
                        role="alertdialog"
                        aria-labelledby={`confirm-${article.id}`}
                        className="flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2"
                      >
                        <p id={`confirm-${article.id}`} className="font-medium text-red-900">
                          {t("content.cms.confirmDelete")}
                        </p>
                        <Form method="post" action={cmsPath(tab, language)}>
                          <input type="hidden" name="articleId" value={article.id} />
                          <button
                            name="intent"
                            value="delete"
                            className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800"
                          >
                            {t("content.cms.confirmYes")}
                          </button>
                        </Form>
                        <Link to={here("confirmDelete", null)} className="text-sm font-semibold text-slate-800 underline">
                          {t("content.cms.cancel")}
                        </Link>
                      </div>
                    ) : (
                      <Link
                        to={here("confirmDelete", article.id)}
                        preventScrollReset
                        className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                      >
                        {t("content.cms.delete")}
                      </Link>
                    ))}
                </div>
              </ArticleCard>
            )}
          </li>
        );
      })}
    </ul>
  );
}
