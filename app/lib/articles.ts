import { slugify } from "~/lib/format";

/** A blog post's page: its slug, or its id for posts written before slugs existed. */
export function blogPostPath(post: { id: string; slug: string | null }) {
  return `/blog/${encodeURIComponent(post.slug ?? post.id)}`;
}

export function newsArticlePath(article: { id: string }) {
  return `/news/${encodeURIComponent(article.id)}`;
}

export const SLUG_MAX_LENGTH = 80;

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
