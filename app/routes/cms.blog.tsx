import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CmsArticleList } from "~/components/content/cms-articles";
import { ArticleForm } from "~/components/content/cms-forms";
import { FormErrors } from "~/components/ui/form";
import { withHref } from "~/lib/articles";
import { cmsLanguage } from "~/lib/cms";
import { savedTo, translatedTo } from "~/lib/cms.server";
import { BlogActionSchema } from "~/lib/content-schemas";
import { invariantResponse } from "~/lib/http";
import { translationLanguage } from "~/lib/i18n";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import {
  createBlogPost,
  deleteArticle,
  listArticlesToEdit,
  saveArticleTranslation,
  setArticlePublished,
  updateArticle,
} from "~/models/articles.server";
import { requireAdmin } from "~/services/auth.server";

// The CMS's blog posts: written in English (create, edit, publish or unpublish, delete), then
// translated into the other languages.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const language = cmsLanguage(url.searchParams);
  const { articles, editing } = await listArticlesToEdit(context.db, "blog", language, url.searchParams.get("edit"));
  return { language, articles: articles.map(withHref), editing, confirmDelete: url.searchParams.get("confirmDelete") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, BlogActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const input = submission.value;
  const { db } = context;
  switch (input.intent) {
    case "create": {
      const { intent: _intent, ...fields } = input;
      await createBlogPost(db, fields);
      return savedTo(context, request, "/cms/blog", fields.publish ? "content.cms.postPublished" : "content.cms.postDrafted");
    }
    case "update": {
      const { intent: _intent, articleId, ...fields } = input;
      invariantResponse(await updateArticle(db, "blog", articleId, fields), 404);
      return savedTo(context, request, "/cms/blog", "content.cms.postSaved");
    }
    case "translate": {
      const { intent: _intent, articleId, language, ...fields } = input;
      invariantResponse(await saveArticleTranslation(db, "blog", articleId, language, fields), 404);
      return translatedTo(context, "/cms/blog", language);
    }
    case "publish":
    case "unpublish":
      invariantResponse(await setArticlePublished(db, "blog", input.articleId, input.intent === "publish"), 404);
      return savedTo(
        context,
        request,
        "/cms/blog",
        input.intent === "publish" ? "content.cms.postPublished" : "content.cms.postUnpublished",
      );
    case "delete":
      invariantResponse(await deleteArticle(db, "blog", input.articleId), 404);
      return savedTo(context, request, "/cms/blog", "content.cms.postDeleted");
  }
}

export default function CmsBlog() {
  const { articles, editing, confirmDelete, language } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const original = !translationLanguage(language);
  return (
    <>
      <div className="mt-4">
        <FormErrors errors={answer?.error?.[""] ?? undefined} />
      </div>
      <div className={original ? "mt-6 grid gap-8 lg:grid-cols-[24rem_1fr]" : "mt-6"}>
        {original && (
          <section aria-labelledby="create-post-heading" className="self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="create-post-heading" className="mb-4 text-lg font-semibold">
              {t("content.cms.createTitle")}
            </h2>
            {/* A fresh form after each new post (JavaScript on keeps the component). */}
            <ArticleForm key={articles[0]?.id ?? "none"} answer={answer} />
          </section>
        )}
        <section aria-labelledby="existing-posts">
          <h2 id="existing-posts" className="text-lg font-semibold">
            {t("content.cms.existingTitle")}
          </h2>
          {!original && <p className="mt-1 text-sm text-slate-700">{t("content.cms.newPostsInEnglish")}</p>}
          {articles.length === 0 ? (
            <p className="mt-4 text-slate-700">{t("content.cms.noPosts")}</p>
          ) : (
            <CmsArticleList
              tab="/cms/blog"
              testId="cms-post"
              articles={articles}
              editing={editing}
              confirmDelete={confirmDelete}
              language={language}
              answer={answer}
              manage
            />
          )}
        </section>
      </div>
    </>
  );
}
