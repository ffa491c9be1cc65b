import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { ARTICLE_INDEX, articlePath, withHref } from "~/lib/articles";
import { ARTICLE_PAGE_SIZE, type ArticleKind } from "~/lib/constants";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageFrom } from "~/lib/url";
import { findArticle, listPublishedArticlePage } from "~/models/articles.server";
import { isAdmin } from "~/services/auth.server";

// The public pages of articles, the same for both kinds: the index (/blog, /news) and an
// article's page (/blog/:slug, /news/:id).

/** An index's page in the reader's language (English where untranslated), newest first: one round trip. */
export async function loadArticleIndex(kind: ArticleKind, request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const page = pageFrom(url);
  const language = await i18nServer.getLocale(request);
  const [t, { items, total }] = await Promise.all([
    i18nServer.getFixedT(request),
    listPublishedArticlePage(context.db, kind, page, ARTICLE_PAGE_SIZE, language),
  ]);
  return {
    title: t(`content.${kind}.title`),
    description: t(`content.${kind}.description`),
    canonical: `${url.origin}${ARTICLE_INDEX[kind]}${page > 1 ? `?page=${page}` : ""}`,
    page,
    pages: Math.max(1, Math.ceil(total / ARTICLE_PAGE_SIZE)),
    total,
    articles: items.map(withHref),
  };
}

/**
 * An article's page in the reader's language: a draft is shown to admins and is a 404 for everyone
 * else; an article asked for by another address (a post's id) moves to its own.
 */
export async function loadArticle(kind: ArticleKind, key: string | undefined, request: Request, context: AppLoadContext) {
  const asked = (key ?? "").slice(0, 100);
  const [admin, language] = await Promise.all([isAdmin(request, context), i18nServer.getLocale(request)]);
  const article = await findArticle(context.db, kind, asked, admin, language);
  invariantResponse(article, 404);
  const path = articlePath(article);
  if (path !== `${ARTICLE_INDEX[kind]}/${encodeURIComponent(asked)}`) throw redirect(path, 301);
  const origin = new URL(request.url).origin;
  const image = article.imageUrl ? new URL(article.imageUrl, origin).href : null;
  return data(
    { article, canonical: `${origin}${path}`, image },
    // Drafts are for the editors' eyes only: never kept by a shared cache.
    { headers: article.isPublished ? {} : { "Cache-Control": "private, no-store" } },
  );
}
