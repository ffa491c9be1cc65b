import { and, count, desc, eq, inArray, or } from "drizzle-orm";
import { slugFromTitle } from "~/lib/articles";
import type { Database } from "../../db/client";
import { cmsBlogPosts, cmsContent, newsArticles } from "../../db/schema";

export type ContentSection = typeof cmsContent.$inferSelect;

/** The active managed-content sections of these keys, for pages that show several at once (one query). */
export function activeSectionsQuery(db: Database, sectionKeys: readonly string[]) {
  return db
    .select()
    .from(cmsContent)
    .where(and(inArray(cmsContent.sectionKey, [...sectionKeys]), eq(cmsContent.isActive, true)));
}

/** Sections by key: `sections.hero`. */
export function bySectionKey(rows: ContentSection[]) {
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
      slug: cmsBlogPosts.slug,
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

// Content management (admins only; the routes guard) ------------------------------------------

/** Every section, active or not, in a stable order for the editors. */
export function listSections(db: Database) {
  return db
    .select({
      id: cmsContent.id,
      sectionKey: cmsContent.sectionKey,
      title: cmsContent.title,
      subtitle: cmsContent.subtitle,
      content: cmsContent.content,
      imageUrl: cmsContent.imageUrl,
      isActive: cmsContent.isActive,
      updatedAt: cmsContent.updatedAt,
    })
    .from(cmsContent)
    .orderBy(cmsContent.sectionKey);
}

export interface SectionInput {
  title?: string;
  subtitle?: string;
  content?: string;
  imageUrl?: string;
}

/** Saves a section's texts and stamps updated_at; false when no section has that key. */
export async function updateSection(db: Database, sectionKey: string, input: SectionInput, now = new Date()) {
  const rows = await db
    .update(cmsContent)
    .set({
      title: input.title ?? null,
      subtitle: input.subtitle ?? null,
      content: input.content ?? null,
      imageUrl: input.imageUrl ?? null,
      updatedAt: now,
    })
    .where(eq(cmsContent.sectionKey, sectionKey))
    .returning({ id: cmsContent.id });
  return rows.length > 0;
}

export type BlogPost = typeof cmsBlogPosts.$inferSelect;

/** Every post, drafts included, newest first (the CMS list). */
export function listAllBlogPosts(db: Database) {
  return db.select().from(cmsBlogPosts).orderBy(desc(cmsBlogPosts.createdAt));
}

export interface BlogPostInput {
  title: string;
  excerpt?: string;
  content?: string;
  category?: string;
  imageUrl?: string;
  author: string;
  readTime: string;
}

/** A slug no other post has: the title's, or with a short suffix from the new id. */
async function freeSlug(db: Database, title: string, id: string) {
  const base = slugFromTitle(title);
  const taken = await db.select({ id: cmsBlogPosts.id }).from(cmsBlogPosts).where(eq(cmsBlogPosts.slug, base)).limit(1);
  return taken.length ? `${base}-${id.slice(0, 8)}` : base;
}

export async function createBlogPost(db: Database, input: BlogPostInput & { publish: boolean }, now = new Date()) {
  const id = crypto.randomUUID();
  const [post] = await db
    .insert(cmsBlogPosts)
    .values({
      id,
      slug: await freeSlug(db, input.title, id),
      ...postColumns(input),
      isPublished: input.publish,
      publishDate: now,
      createdAt: now,
    })
    .returning();
  return post;
}

/** Edits keep the slug, so links already shared keep working. */
export async function updateBlogPost(db: Database, id: string, input: BlogPostInput) {
  const rows = await db.update(cmsBlogPosts).set(postColumns(input)).where(eq(cmsBlogPosts.id, id)).returning({ id: cmsBlogPosts.id });
  return rows.length > 0;
}

/** Publishing a draft dates it now, so it appears at the top of the blog. */
export async function setBlogPostPublished(db: Database, id: string, published: boolean, now = new Date()) {
  const rows = await db
    .update(cmsBlogPosts)
    .set(published ? { isPublished: true, publishDate: now } : { isPublished: false })
    .where(and(eq(cmsBlogPosts.id, id), eq(cmsBlogPosts.isPublished, !published)))
    .returning({ id: cmsBlogPosts.id });
  if (rows.length) return true;
  // Already in the wanted state: fine, as long as the post exists.
  return (await db.select({ id: cmsBlogPosts.id }).from(cmsBlogPosts).where(eq(cmsBlogPosts.id, id))).length > 0;
}

export async function deleteBlogPost(db: Database, id: string) {
  const rows = await db.delete(cmsBlogPosts).where(eq(cmsBlogPosts.id, id)).returning({ id: cmsBlogPosts.id });
  return rows.length > 0;
}

/** A post's columns from the form: fields left empty are stored as null. */
function postColumns(input: BlogPostInput) {
  return {
    title: input.title,
    excerpt: input.excerpt ?? null,
    content: input.content ?? null,
    category: input.category ?? null,
    imageUrl: input.imageUrl ?? null,
    author: input.author,
    readTime: input.readTime,
  };
}

// Blog and news pages ----------------------------------------------------------------------------

/** A post by slug (or by id, for posts without one); drafts only when the caller may see them. */
export async function findBlogPost(db: Database, slugOrId: string, includeDrafts: boolean) {
  const post = await db
    .select()
    .from(cmsBlogPosts)
    .where(or(eq(cmsBlogPosts.slug, slugOrId), eq(cmsBlogPosts.id, slugOrId)))
    .get();
  if (!post || (!post.isPublished && !includeDrafts)) return null;
  return post;
}

/** One page of the blog index: published posts, newest first, and how many there are. */
export async function listPublishedBlogPage(db: Database, page: number, pageSize: number) {
  const [items, [{ total }]] = await Promise.all([
    listPublishedBlogPosts(db, pageSize).offset((page - 1) * pageSize),
    db.select({ total: count() }).from(cmsBlogPosts).where(eq(cmsBlogPosts.isPublished, true)),
  ]);
  return { items, total };
}

export function getNewsArticle(db: Database, id: string) {
  return db
    .select()
    .from(newsArticles)
    .where(eq(newsArticles.id, id))
    .get()
    .then((a) => a ?? null);
}

/** For the sitemap: published posts and news articles with their dates. */
export async function listArticlesForSitemap(db: Database, limit: number) {
  const [posts, news] = await Promise.all([
    db
      .select({ id: cmsBlogPosts.id, slug: cmsBlogPosts.slug, publishDate: cmsBlogPosts.publishDate })
      .from(cmsBlogPosts)
      .where(eq(cmsBlogPosts.isPublished, true))
      .orderBy(desc(cmsBlogPosts.publishDate))
      .limit(limit),
    db
      .select({ id: newsArticles.id, publishDate: newsArticles.publishDate })
      .from(newsArticles)
      .orderBy(desc(newsArticles.publishDate))
      .limit(limit),
  ]);
  return { posts, news };
}
