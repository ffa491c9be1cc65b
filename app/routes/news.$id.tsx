import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticlePage } from "~/components/content/article";
import { articlePageMeta } from "~/lib/articles";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { loadArticle } from "~/services/articles.server";

// Visitors get this page from the edge cache; members never do.
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = articlePageMeta;

/** A trade-news article's page (by its id), as the home page's news strip and the news index link it. */
export const loader = ({ request, params, context }: LoaderFunctionArgs) => loadArticle("news", params.id, request, context);

export default function NewsArticlePage() {
  const { article, canonical, image } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ArticlePage
      article={article}
      back={{ to: "/news", label: t("content.news.backToNews") }}
      draft={!article.isPublished}
      url={canonical}
      image={image}
    />
  );
}
