import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticleList } from "~/components/content/article-list";
import { Pagination } from "~/components/ui/pagination";
import { blogPostPath } from "~/lib/articles";
import { BLOG_PAGE_SIZE } from "~/lib/constants";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { i18nServer } from "~/lib/i18n.server";
import { canonicalLink, pageMeta } from "~/lib/meta";
import { pageFrom } from "~/lib/url";
import { listPublishedBlogPage } from "~/models/content.server";

// Visitors get this page from the edge cache; members never do.
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, data?.title, data?.description),
  ...canonicalLink(data?.canonical),
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = pageFrom(url);
  const language = await i18nServer.getLocale(request);
  const [t, { items, total }] = await Promise.all([
    i18nServer.getFixedT(request),
    listPublishedBlogPage(context.db, page, BLOG_PAGE_SIZE, language),
  ]);
  return {
    title: t("content.blog.title"),
    description: t("content.blog.description"),
    canonical: `${url.origin}/blog${page > 1 ? `?page=${page}` : ""}`,
    page,
    pages: Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE)),
    posts: items.map((post) => ({ ...post, path: blogPostPath(post) })),
  };
}

export default function BlogIndex() {
  const { posts, page, pages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("content.blog.title")}</h1>
      <p className="mt-1 text-slate-700">{t("content.blog.description")}</p>
      {posts.length === 0 ? (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("content.blog.empty")}</p>
      ) : (
        <ArticleList articles={posts} testId="blog-list" />
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
