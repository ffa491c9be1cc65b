import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticleList } from "~/components/content/article-list";
import { Pagination } from "~/components/ui/pagination";
import { newsArticlePath } from "~/lib/articles";
import { NEWS_PAGE_SIZE } from "~/lib/constants";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { i18nServer } from "~/lib/i18n.server";
import { canonicalLink, pageMeta } from "~/lib/meta";
import { pageFrom } from "~/lib/url";
import { listNewsPage } from "~/models/content.server";

// Visitors get this page from the edge cache; members never do.
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, data?.title, data?.description),
  ...canonicalLink(data?.canonical),
];

/** Every trade-news article, newest first, a page at a time, in the reader's language (English where untranslated). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = pageFrom(url);
  const language = await i18nServer.getLocale(request);
  const [t, { items, total }] = await Promise.all([
    i18nServer.getFixedT(request),
    listNewsPage(context.db, page, NEWS_PAGE_SIZE, language),
  ]);
  return {
    title: t("content.news.title"),
    description: t("content.news.description"),
    canonical: `${url.origin}/news${page > 1 ? `?page=${page}` : ""}`,
    page,
    pages: Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE)),
    total,
    articles: items.map((article) => ({ ...article, path: newsArticlePath(article) })),
  };
}

export default function NewsIndex() {
  const { articles, page, pages, total } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("content.news.title")}</h1>
      <p className="mt-1 text-slate-700">{t("content.news.description")}</p>
      {articles.length > 0 ? (
        <ArticleList articles={articles} testId="news-list" />
      ) : total > 0 ? (
        // A page past the last one (an old link, a typed number): say which pages there are.
        <p className="mt-8 text-slate-700" data-testid="past-last-page">
          {t("products.pastLastPage", { count: pages })}{" "}
          <Link to={pages > 1 ? `/news?page=${pages}` : "/news"} className="font-semibold text-orange-800 underline">
            {t("products.goToLastPage", { page: pages })}
          </Link>
        </p>
      ) : (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("content.news.empty")}</p>
      )}
      {articles.length > 0 && <Pagination page={page} pages={pages} />}
    </div>
  );
}
