import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { cmsBlogPosts, cmsContent, newsArticles } from "../../db/schema";

export type ContentSection = typeof cmsContent.$inferSelect;

/** Active sections by key, for pages that show several at once (one query). */
export async function getActiveSections(db: Database, sectionKeys: readonly string[]) {
  const rows = await db
    .select()
    .from(cmsContent)
    .where(and(inArray(cmsContent.sectionKey, [...sectionKeys]), eq(cmsContent.isActive, true)));
  return Object.fromEntries(rows.map((row) => [row.sectionKey, row])) as Record<string, ContentSection | undefined>;
}

/** A string stored in a section's metadata, e.g. the hero's cta_primary label. */
export function metadataText(section: ContentSection | null | undefined, key: string) {
  const value = section?.metadata?.[key];
  return typeof value === "string" && value.trim() ? value : null;
}

export function listPublishedBlogPosts(db: Database, limit: number) {
  return db
    .select({
      id: cmsBlogPosts.id,
      title: cmsBlogPosts.title,
      excerpt: cmsBlogPosts.excerpt,
      category: cmsBlogPosts.category,
      imageUrl: cmsBlogPosts.imageUrl,
      author: cmsBlogPosts.author,
      readTime: cmsBlogPosts.readTime,
      publishDate: cmsBlogPosts.publishDate,
    })
    .from(cmsBlogPosts)
    .where(eq(cmsBlogPosts.isPublished, true))
    .orderBy(desc(cmsBlogPosts.publishDate))
    .limit(limit);
}

export function listNewsArticles(db: Database, limit: number) {
  return db
    .select({
      id: newsArticles.id,
      title: newsArticles.title,
      excerpt: newsArticles.excerpt,
      category: newsArticles.category,
      imageUrl: newsArticles.imageUrl,
      author: newsArticles.author,
      readTime: newsArticles.readTime,
      publishDate: newsArticles.publishDate,
    })
    .from(newsArticles)
    .orderBy(desc(newsArticles.publishDate))
    .limit(limit);
}
