import { and, count, desc, eq, getTableColumns, inArray, or, sql, type GetColumnData } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { slugFromTitle } from "~/lib/articles";
import { SECTIONS_WITH_BUTTONS, type LanguageCode, type TranslationLanguage } from "~/lib/constants";
import type { Database } from "../../db/client";
import {
  cmsBlogPosts,
  cmsBlogPostTranslations,
  cmsContent,
  cmsContentTranslations,
  newsArticles,
  newsArticleTranslations,
} from "../../db/schema";

// Managed content is written in English; each other language may have a translation row per
// section, post or article. Readers get one language's texts, field by field: a translated field
// where there is one, else the English original's (a missing row falls back as a whole).

/** A text field in the reader's language: the translation's, or the original's when it has none. */
function translatedOr<C extends SQLiteColumn>(translated: SQLiteColumn, original: C) {
  return sql<GetColumnData<C>>`coalesce(${translated}, ${original})`;
}

const sectionTranslation = (language: LanguageCode) =>
  and(eq(cmsContentTranslations.contentId, cmsContent.id), eq(cmsContentTranslations.language, language));
const postTranslation = (language: LanguageCode) =>
  and(eq(cmsBlogPostTranslations.postId, cmsBlogPosts.id), eq(cmsBlogPostTranslations.language, language));
const newsTranslation = (language: LanguageCode) =>
  and(eq(newsArticleTranslations.articleId, newsArticles.id), eq(newsArticleTranslations.language, language));

/** The active managed-content sections of these keys in a language, for pages that show several at once (one query). */
export function activeSectionsQuery(db: Database, sectionKeys: readonly string[], language: LanguageCode) {
  return db
    .select({
      id: cmsContent.id,
      sectionKey: cmsContent.sectionKey,
      title: translatedOr(cmsContentTranslations.title, cmsContent.title),
      subtitle: translatedOr(cmsContentTranslations.subtitle, cmsContent.subtitle),
      content: translatedOr(cmsContentTranslations.content, cmsContent.content),
      imageUrl: cmsContent.imageUrl,
      metadata: cmsContent.metadata,
      // A name of its own: in a batch, D1 answers rows as objects by column name, where two
      // `metadata` columns would be one.
      translatedMetadata: sql`${cmsContentTranslations.metadata}`
        .mapWith((value: string): Record<string, unknown> | null => JSON.parse(value))
        .as("translated_metadata"),
    })
    .from(cmsContent)
    .leftJoin(cmsContentTranslations, sectionTranslation(language))
    .where(and(inArray(cmsContent.sectionKey, [...sectionKeys]), eq(cmsContent.isActive, true)));
}

type SectionRow = Awaited<ReturnType<typeof activeSectionsQuery>>[number];
export type ContentSection = Omit<SectionRow, "translatedMetadata">;

/** Sections by key (`sections.hero`); a translation's metadata texts stand over the original's, key by key. */
export function bySectionKey(rows: SectionRow[]) {
  return Object.fromEntries(
    rows.map(({ translatedMetadata, ...row }) => [
      row.sectionKey,
      { ...row, metadata: translatedMetadata ? { ...row.metadata, ...translatedMetadata } : row.metadata },
    ]),
  ) as Record<string, ContentSection | undefined>;
}

/** What a page shows of its sections: their texts, without ids and metadata (read on the server). */
export function sectionTexts(sections: Record<string, ContentSection | undefined>) {
  return Object.fromEntries(
    Object.entries(sections).map(([key, section]) => [
      key,
      section && { title: section.title, subtitle: section.subtitle, content: section.content },
    ]),
  ) as Record<string, Pick<ContentSection, "title" | "subtitle" | "content"> | undefined>;
}

/** A string stored in a section's metadata, e.g. the hero's cta_primary label. */
export function metadataText(section: ContentSection | null | undefined, key: string) {
  const value = section?.metadata?.[key];
  return typeof value === "string" && value.trim() ? value : null;
}

export function listPublishedBlogPosts(db: Database, limit: number, language: LanguageCode) {
  return db
    .select({
      id: cmsBlogPosts.id,
      slug: cmsBlogPosts.slug,
      title: translatedOr(cmsBlogPostTranslations.title, cmsBlogPosts.title),
      excerpt: translatedOr(cmsBlogPostTranslations.excerpt, cmsBlogPosts.excerpt),
      category: translatedOr(cmsBlogPostTranslations.category, cmsBlogPosts.category),
      imageUrl: cmsBlogPosts.imageUrl,
      author: cmsBlogPosts.author,
      readMinutes: cmsBlogPosts.readMinutes,
      publishDate: cmsBlogPosts.publishDate,
    })
    .from(cmsBlogPosts)
    .leftJoin(cmsBlogPostTranslations, postTranslation(language))
    .where(eq(cmsBlogPosts.isPublished, true))
    .orderBy(desc(cmsBlogPosts.publishDate))
    .limit(limit);
}

export function listNewsArticles(db: Database, limit: number, language: LanguageCode) {
  return db
    .select({
      id: newsArticles.id,
      title: translatedOr(newsArticleTranslations.title, newsArticles.title),
      excerpt: translatedOr(newsArticleTranslations.excerpt, newsArticles.excerpt),
      category: translatedOr(newsArticleTranslations.category, newsArticles.category),
      imageUrl: newsArticles.imageUrl,
      author: newsArticles.author,
      readMinutes: newsArticles.readMinutes,
      publishDate: newsArticles.publishDate,
    })
    .from(newsArticles)
    .leftJoin(newsArticleTranslations, newsTranslation(language))
    .orderBy(desc(newsArticles.publishDate))
    .limit(limit);
}

// Content management (admins only; the routes guard) ------------------------------------------

/**
 * Every section, active or not, in a stable order for the editors: the English original, and its
 * translation into `language` as stored (null when there is none, and always for English).
 */
export function listSections(db: Database, language: LanguageCode) {
  return db
    .select({
      id: cmsContent.id,
      sectionKey: cmsContent.sectionKey,
      title: cmsContent.title,
      subtitle: cmsContent.subtitle,
      content: cmsContent.content,
      imageUrl: cmsContent.imageUrl,
      metadata: cmsContent.metadata,
      isActive: cmsContent.isActive,
      updatedAt: cmsContent.updatedAt,
      translation: {
        title: cmsContentTranslations.title,
        subtitle: cmsContentTranslations.subtitle,
        content: cmsContentTranslations.content,
        metadata: cmsContentTranslations.metadata,
        updatedAt: cmsContentTranslations.updatedAt,
      },
    })
    .from(cmsContent)
    .leftJoin(cmsContentTranslations, sectionTranslation(language))
    .orderBy(cmsContent.sectionKey);
}

interface ButtonInput {
  ctaPrimary?: string;
  ctaSecondary?: string;
}

export interface SectionInput extends ButtonInput {
  title?: string;
  subtitle?: string;
  content?: string;
  imageUrl?: string;
}

/**
 * A section's button labels from a form, as a JSON merge patch of its metadata (a label left empty
 * is removed: the page shows its own, or the English one); null for a section without buttons.
 */
function buttonsPatch(sectionKey: string, input: ButtonInput) {
  if (!(SECTIONS_WITH_BUTTONS as readonly string[]).includes(sectionKey)) return null;
  return JSON.stringify({ cta_primary: input.ctaPrimary ?? null, cta_secondary: input.ctaSecondary ?? null });
}

/** Saves a section's texts (and button labels, where it has buttons) and stamps updated_at; false when no section has that key. */
export async function updateSection(db: Database, sectionKey: string, input: SectionInput, now = new Date()) {
  const buttons = buttonsPatch(sectionKey, input);
  const rows = await db
    .update(cmsContent)
    .set({
      title: input.title ?? null,
      subtitle: input.subtitle ?? null,
      content: input.content ?? null,
      imageUrl: input.imageUrl ?? null,
      ...(buttons ? { metadata: sql`json_patch(coalesce(${cmsContent.metadata}, '{}'), ${buttons})` } : {}),
      updatedAt: now,
    })
    .where(eq(cmsContent.sectionKey, sectionKey))
    .returning({ id: cmsContent.id });
  return rows.length > 0;
}

export interface SectionTranslationInput extends ButtonInput {
  title?: string;
  subtitle?: string;
  content?: string;
}

/**
 * Saves a section's texts and button labels in another language (a field left empty shows the
 * English one). False when no section has that key. One statement: the section is looked up by
 * its key as the row is written (the columns in the table's order, as drizzle's INSERT ... SELECT
 * wants them).
 */
export async function saveSectionTranslation(
  db: Database,
  sectionKey: string,
  language: TranslationLanguage,
  input: SectionTranslationInput,
  now = new Date(),
) {
  const texts = { title: input.title ?? null, subtitle: input.subtitle ?? null, content: input.content ?? null, updatedAt: now };
  const buttons = buttonsPatch(sectionKey, input);
  const rows = await db
    .insert(cmsContentTranslations)
    .select(
      db
        .select({
          contentId: cmsContent.id,
          language: sql`${language}`.as("language"),
          title: sql`${texts.title}`.as("title"),
          subtitle: sql`${texts.subtitle}`.as("subtitle"),
          content: sql`${texts.content}`.as("content"),
          metadata: (buttons ? sql`json_patch('{}', ${buttons})` : sql`null`).as("metadata"),
          updatedAt: sql`${now.getTime()}`.as("updated_at"),
        })
        .from(cmsContent)
        .where(eq(cmsContent.sectionKey, sectionKey)),
    )
    .onConflictDoUpdate({
      target: [cmsContentTranslations.contentId, cmsContentTranslations.language],
      set: {
        ...texts,
        ...(buttons ? { metadata: sql`json_patch(coalesce(${cmsContentTranslations.metadata}, '{}'), ${buttons})` } : {}),
      },
    })
    .returning({ contentId: cmsContentTranslations.contentId });
  return rows.length > 0;
}

export type BlogPost = typeof cmsBlogPosts.$inferSelect;

/** Every post, drafts included, newest first (the CMS list), with its translation into `language` as stored. */
export function listAllBlogPosts(db: Database, language: LanguageCode) {
  return db
    .select({
      ...getTableColumns(cmsBlogPosts),
      translation: {
        title: cmsBlogPostTranslations.title,
        excerpt: cmsBlogPostTranslations.excerpt,
        content: cmsBlogPostTranslations.content,
        category: cmsBlogPostTranslations.category,
        updatedAt: cmsBlogPostTranslations.updatedAt,
      },
    })
    .from(cmsBlogPosts)
    .leftJoin(cmsBlogPostTranslations, postTranslation(language))
    .orderBy(desc(cmsBlogPosts.createdAt));
}

export interface BlogPostInput {
  title: string;
  excerpt?: string;
  content?: string;
  category?: string;
  imageUrl?: string;
  author: string;
  readMinutes: number;
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
    readMinutes: input.readMinutes,
  };
}

export interface ArticleTranslationInput {
  title?: string;
  excerpt?: string;
  content?: string;
  category?: string;
}

/** Saves a blog post's texts in another language (a field left empty shows the English one); false when there is no such post. */
export async function savePostTranslation(
  db: Database,
  postId: string,
  language: TranslationLanguage,
  input: ArticleTranslationInput,
  now = new Date(),
) {
  const texts = articleTexts(input, now);
  const rows = await db
    .insert(cmsBlogPostTranslations)
    .select(
      db
        .select({ postId: cmsBlogPosts.id, ...translationValues(language, texts) })
        .from(cmsBlogPosts)
        .where(eq(cmsBlogPosts.id, postId)),
    )
    .onConflictDoUpdate({ target: [cmsBlogPostTranslations.postId, cmsBlogPostTranslations.language], set: texts })
    .returning({ postId: cmsBlogPostTranslations.postId });
  return rows.length > 0;
}

/** Saves a news article's texts in another language, as `savePostTranslation` does a post's. */
export async function saveNewsTranslation(
  db: Database,
  articleId: string,
  language: TranslationLanguage,
  input: ArticleTranslationInput,
  now = new Date(),
) {
  const texts = articleTexts(input, now);
  const rows = await db
    .insert(newsArticleTranslations)
    .select(
      db
        .select({ articleId: newsArticles.id, ...translationValues(language, texts) })
        .from(newsArticles)
        .where(eq(newsArticles.id, articleId)),
    )
    .onConflictDoUpdate({ target: [newsArticleTranslations.articleId, newsArticleTranslations.language], set: texts })
    .returning({ articleId: newsArticleTranslations.articleId });
  return rows.length > 0;
}

function articleTexts(input: ArticleTranslationInput, now: Date) {
  return {
    title: input.title ?? null,
    excerpt: input.excerpt ?? null,
    content: input.content ?? null,
    category: input.category ?? null,
    updatedAt: now,
  };
}

/** An article translation's values as the columns of an INSERT ... SELECT (in the tables' column order). */
function translationValues(language: TranslationLanguage, texts: ReturnType<typeof articleTexts>) {
  return {
    language: sql`${language}`.as("language"),
    title: sql`${texts.title}`.as("title"),
    excerpt: sql`${texts.excerpt}`.as("excerpt"),
    content: sql`${texts.content}`.as("content"),
    category: sql`${texts.category}`.as("category"),
    updatedAt: sql`${texts.updatedAt.getTime()}`.as("updated_at"),
  };
}

/** Every news article, newest first (the CMS list), with its translation into `language` as stored. */
export function listAllNewsArticles(db: Database, language: LanguageCode) {
  return db
    .select({
      ...getTableColumns(newsArticles),
      translation: {
        title: newsArticleTranslations.title,
        excerpt: newsArticleTranslations.excerpt,
        content: newsArticleTranslations.content,
        category: newsArticleTranslations.category,
        updatedAt: newsArticleTranslations.updatedAt,
      },
    })
    .from(newsArticles)
    .leftJoin(newsArticleTranslations, newsTranslation(language))
    .orderBy(desc(newsArticles.publishDate));
}

// Blog and news pages ----------------------------------------------------------------------------

/** A post by slug (or by id, for posts without one) in a language; drafts only when the caller may see them. */
export async function findBlogPost(db: Database, slugOrId: string, includeDrafts: boolean, language: LanguageCode) {
  const post = await db
    .select({
      ...getTableColumns(cmsBlogPosts),
      title: translatedOr(cmsBlogPostTranslations.title, cmsBlogPosts.title),
      excerpt: translatedOr(cmsBlogPostTranslations.excerpt, cmsBlogPosts.excerpt),
      content: translatedOr(cmsBlogPostTranslations.content, cmsBlogPosts.content),
      category: translatedOr(cmsBlogPostTranslations.category, cmsBlogPosts.category),
    })
    .from(cmsBlogPosts)
    .leftJoin(cmsBlogPostTranslations, postTranslation(language))
    .where(or(eq(cmsBlogPosts.slug, slugOrId), eq(cmsBlogPosts.id, slugOrId)))
    .get();
  if (!post || (!post.isPublished && !includeDrafts)) return null;
  return post;
}

/** One page of the blog index in a language: published posts, newest first, and how many there are. */
export async function listPublishedBlogPage(db: Database, page: number, pageSize: number, language: LanguageCode) {
  const [items, [{ total }]] = await Promise.all([
    listPublishedBlogPosts(db, pageSize, language).offset((page - 1) * pageSize),
    db.select({ total: count() }).from(cmsBlogPosts).where(eq(cmsBlogPosts.isPublished, true)),
  ]);
  return { items, total };
}

/** One page of the news index in a language: articles, newest first, and how many there are. */
export async function listNewsPage(db: Database, page: number, pageSize: number, language: LanguageCode) {
  const [items, [{ total }]] = await db.batch([
    listNewsArticles(db, pageSize, language).offset((page - 1) * pageSize),
    db.select({ total: count() }).from(newsArticles),
  ]);
  return { items, total };
}

/** A news article in a language. */
export function getNewsArticle(db: Database, id: string, language: LanguageCode) {
  return db
    .select({
      ...getTableColumns(newsArticles),
      title: translatedOr(newsArticleTranslations.title, newsArticles.title),
      excerpt: translatedOr(newsArticleTranslations.excerpt, newsArticles.excerpt),
      content: translatedOr(newsArticleTranslations.content, newsArticles.content),
      category: translatedOr(newsArticleTranslations.category, newsArticles.category),
    })
    .from(newsArticles)
    .leftJoin(newsArticleTranslations, newsTranslation(language))
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
