import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { ArticleKind } from "~/lib/constants";
import { slugify } from "~/lib/format";
import { canonicalLink, pageMeta, rootMeta, socialMeta } from "~/lib/meta";

/** The index of each kind of article; an article's page is under it. */
export const ARTICLE_INDEX: Record<ArticleKind, string> = { blog: "/blog", news: "/news" };

/** An article's page: its slug, or its id (news articles, and posts written before slugs existed). */
export function articlePath(article: { kind: ArticleKind; id: string; slug: string | null }) {
  return `${ARTICLE_INDEX[article.kind]}/${encodeURIComponent(article.slug ?? article.id)}`;
}

/** An article as a card shows it: its page's address in place of its kind and slug. */
export function withHref<A extends { kind: ArticleKind; id: string; slug: string | null }>({ kind, slug, ...article }: A) {
  return { ...article, href: articlePath({ kind, id: article.id, slug }) };
}

/** An article page's meta tags: its title, excerpt, social card and canonical address; drafts are not indexed. */
export function articlePageMeta({
  data,
  matches,
  error,
}: {
  data?: { article: { title: string; excerpt: string | null; isPublished: boolean }; canonical: string; image: string | null };
  matches: { id: string; data: unknown }[];
  error?: unknown;
}): MetaDescriptor[] {
  if (error || !data) return pageMeta(matches, rootMeta(matches)?.notFound);
  const { article, canonical, image } = data;
  return [
    ...pageMeta(matches, article.title, article.excerpt),
    ...socialMeta(matches, article.title, canonical, image),
    ...canonicalLink(canonical),
    ...(article.isPublished ? [] : [{ name: "robots", content: "noindex" }]),
  ];
}

const SLUG_MAX_LENGTH = 80;

/** The address a new post gets from its title; titles without Latin letters or digits give 'post'. */
export function slugFromTitle(title: string) {
  return slugify(title).slice(0, SLUG_MAX_LENGTH).replace(/-$/, "") || "post";
}

/** Text as paragraphs: blank lines separate them; single line breaks stay inside one. */
export function paragraphs(text: string | null | undefined) {
  return (text ?? "")
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * Image addresses editors may store: http(s) URLs, or a path on this site ('/images/x.svg').
 * Never 'javascript:', 'data:' or protocol-relative '//host'.
 */
export function isAllowedImageUrl(value: string) {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && !!url.hostname;
  } catch {
    return false;
  }
}
