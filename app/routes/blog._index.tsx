import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ArticleIndexPage } from "~/components/content/article-card";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { canonicalLink, pageMeta } from "~/lib/meta";
import { loadArticleIndex } from "~/services/articles.server";

// Visitors get this page from the edge cache; members never do.
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, data?.title, data?.description),
  ...canonicalLink(data?.canonical),
];

/** The published blog posts, newest first, a page at a time, in the reader's language. */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadArticleIndex("blog", request, context);

export default function BlogIndex() {
  return <ArticleIndexPage kind="blog" {...useLoaderData<typeof loader>()} />;
}
