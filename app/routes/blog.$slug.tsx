import { type LoaderFunctionArgs, type MetaFunction, redirect, data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArticlePage } from "~/components/content/article";
import { blogPostPath } from "~/lib/articles";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { canonicalLink, pageMeta, rootMeta, socialMeta } from "~/lib/meta";
import { findBlogPost } from "~/models/content.server";
import { isAdmin } from "~/services/auth.server";

// Visitors get this page from the edge cache; members never do.
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (error || !data) return pageMeta(matches, rootMeta(matches)?.notFound);
  const { post, canonical, image } = data;
  return [
    ...pageMeta(matches, post.title, post.excerpt),
    ...socialMeta(matches, post.title, canonical, image),
    ...canonicalLink(canonical),
    // Drafts are for the editors' eyes only.
    ...(post.isPublished ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

/** Each post has its page; a draft is shown to admins and is a 404 for everyone else. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const slug = (params.slug ?? "").slice(0, 100);
  const [admin, language] = await Promise.all([isAdmin(request, context), i18nServer.getLocale(request)]);
  const post = await findBlogPost(context.db, slug, admin, language);
  invariantResponse(post, 404);
  const path = blogPostPath(post);
  // Posts found by id answer at their slug, the one address search engines should know.
  if (path !== `/blog/${encodeURIComponent(slug)}`) throw redirect(path, 301);
  const origin = new URL(request.url).origin;
  const image = post.imageUrl ? new URL(post.imageUrl, origin).href : null;
  return data(
    { post, canonical: `${origin}${path}`, image },
    { headers: post.isPublished ? {} : { "Cache-Control": "private, no-store" } },
  );
}

export default function BlogPostPage() {
  const { post, canonical, image } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ArticlePage
      article={post}
      back={{ to: "/blog", label: t("content.blog.backToBlog") }}
      draft={!post.isPublished}
      url={canonical}
      image={image}
    />
  );
}
