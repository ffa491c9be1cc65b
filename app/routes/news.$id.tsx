import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticlePage } from "~/components/content/article";
import { newsArticlePath } from "~/lib/articles";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { canonicalLink, pageMeta, rootMeta, socialMeta } from "~/lib/meta";
import { getNewsArticle } from "~/models/content.server";

// Visitors get this page from the edge cache; members never do.
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (error || !data) return pageMeta(matches, rootMeta(matches)?.notFound);
  return [
    ...pageMeta(matches, data.article.title, data.article.excerpt),
    ...socialMeta(matches, data.article.title, data.canonical, data.image),
    ...canonicalLink(data.canonical),
  ];
};

/** A trade-news article from the home page's news strip. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const article = await getNewsArticle(context.db, (params.id ?? "").slice(0, 64), await i18nServer.getLocale(request));
  invariantResponse(article, 404);
  const origin = new URL(request.url).origin;
  return {
    article,
    canonical: `${origin}${newsArticlePath(article)}`,
    image: article.imageUrl ? new URL(article.imageUrl, origin).href : null,
  };
}

export default function NewsArticlePage() {
  const { article, canonical, image } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return <ArticlePage article={article} back={{ to: "/news", label: t("content.news.backToNews") }} url={canonical} image={image} />;
}
