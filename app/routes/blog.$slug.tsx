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

/** Each post has its page (by its slug); a draft is shown to admins and is a 404 for everyone else. */
export const loader = ({ request, params, context }: LoaderFunctionArgs) => loadArticle("blog", params.slug, request, context);

export default function BlogPostPage() {
  const { article, canonical, image } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ArticlePage
      article={article}
      back={{ to: "/blog", label: t("content.blog.backToBlog") }}
      draft={!article.isPublished}
      url={canonical}
      image={image}
    />
  );
}
