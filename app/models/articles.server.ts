import { and, count, desc, eq, getTableColumns, or, sql } from "drizzle-orm";
import { slugFromTitle } from "~/lib/articles";
import type { ArticleKind, LanguageCode, TranslationLanguage } from "~/lib/constants";
import type { Database } from "../../db/client";
import { articles, articleTranslations } from "../../db/schema";
import { translatedOr } from "./content.server";

// Blog posts and trade news are one model: an article of a kind. Written in English; each other
// language may have a translation row, read field by field over the original (docs/decisions/0017).

const translationIn = (language: LanguageCode) =>
  and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.language, language));

const published = (kind: ArticleKind) => and(eq(articles.kind, kind), eq(articles.isPublished, true));

/** What a card shows of an article, in the language of the joined translation. */
const cardColumns = {
  id: articles.id,
  kind: articles.kind,
  slug: articles.slug,
  title: translatedOr(articleTranslations.title, articles.title),
  excerpt: translatedOr(articleTranslations.excerpt, articles.excerpt),
  category: translatedOr(articleTranslations.category, articles.category),
  imageUrl: articles.imageUrl,
  author: articles.author,
  readMinutes: articles.readMinutes,
  publishDate: articles.publishDate,
};

/** The newest published articles of a kind in a language (a query, for a caller's batch). */
export function publishedArticlesQuery(db: Database, kind: ArticleKind, limit: number, language: LanguageCode, offset = 0) {
  return db
    .select(cardColumns)
    .from(articles)
    .leftJoin(articleTranslations, translationIn(language))
    .where(published(kind))
    .orderBy(desc(articles.publishDate))
    .limit(limit)
    .offset(offset);
}

/** One page of an index (the blog, the news) in a language, and how many articles there are: one round trip. */
export async function listPublishedArticlePage(db: Database, kind: ArticleKind, page: number, pageSize: number, language: LanguageCode) {
  const [items, [{ total }]] = await db.batch([
    publishedArticlesQuery(db, kind, pageSize, language, (page - 1) * pageSize),
    db.select({ total: count() }).from(articles).where(published(kind)),
  ]);
  return { items, total };
}

/**
 * An article of a kind by slug or id (posts written before slugs existed, and news articles, are
 * found by id), in a language; a draft only for a caller who may see it.
 */
export async function findArticle(db: Database, kind: ArticleKind, slugOrId: string, includeDrafts: boolean, language: LanguageCode) {
  const article = await db
    .select({
      ...getTableColumns(articles),
      title: translatedOr(articleTranslations.title, articles.title),
      excerpt: translatedOr(articleTranslations.excerpt, articles.excerpt),
      content: translatedOr(articleTranslations.content, articles.content),
      category: translatedOr(articleTranslations.category, articles.category),
    })
    .from(articles)
    .leftJoin(articleTranslations, translationIn(language))
    .where(and(eq(articles.kind, kind), or(eq(articles.slug, slugOrId), eq(articles.id, slugOrId))))
    .get();
  if (!article || (!article.isPublished && !includeDrafts)) return null;
  return article;
}

/** For the sitemap: the newest published articles of every kind, with their dates. */
export function listArticlesForSitemap(db: Database, limit: number) {
  return db
    .select({ id: articles.id, kind: articles.kind, slug: articles.slug, publishDate: articles.publishDate })
    .from(articles)
    .where(eq(articles.isPublished, true))
    .orderBy(desc(articles.publishDate))
    .limit(limit);
}

// Editing (admins only; the routes guard) ------------------------------------------------------

/**
 * Every article of a kind, drafts included, newest first, for the CMS: each as its card (without
 * the full texts) with its translation into `language` as stored (null when there is none, and
 * always for English); the one being edited (`editId`) with its full texts.
 */
export async function listArticlesToEdit(db: Database, kind: ArticleKind, language: LanguageCode, editId: string | null) {
  const rows = await db
    .select({
      ...getTableColumns(articles),
      translation: {
        title: articleTranslations.title,
        excerpt: articleTranslations.excerpt,
        content: articleTranslations.content,
        category: articleTranslations.category,
        updatedAt: articleTranslations.updatedAt,
      },
    })
    .from(articles)
    .leftJoin(articleTranslations, translationIn(language))
    .where(eq(articles.kind, kind))
    .orderBy(desc(articles.createdAt));
  return {
    articles: rows.map(({ content: _content, translation, ...row }) => ({
      ...row,
      translation: translation && { title: translation.title, excerpt: translation.excerpt, category: translation.category },
    })),
    editing: rows.find((row) => row.id === editId) ?? null,
  };
}

interface ArticleInput {
  title: string;
  excerpt?: string;
  content?: string;
  category?: string;
  imageUrl?: string;
  author: string;
  readMinutes: number;
}

/** An article's columns from the form: fields left empty are stored as null. */
function articleColumns(input: ArticleInput) {
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

/** A slug no other article has: the title's, or with a short suffix from the new id. */
async function freeSlug(db: Database, title: string, id: string) {
  const base = slugFromTitle(title);
  const taken = await db.select({ id: articles.id }).from(articles).where(eq(articles.slug, base)).limit(1);
  return taken.length ? `${base}-${id.slice(0, 8)}` : base;
}

/** A new blog post: its address is a slug from its title (news articles are addressed by id). */
export async function createBlogPost(db: Database, input: ArticleInput & { publish: boolean }, now = new Date()) {
  const id = crypto.randomUUID();
  const [post] = await db
    .insert(articles)
    .values({
      id,
      kind: "blog",
      slug: await freeSlug(db, input.title, id),
      ...articleColumns(input),
      isPublished: input.publish,
      publishDate: now,
      createdAt: now,
    })
    .returning();
  return post;
}

const ofKind = (kind: ArticleKind, id: string) => and(eq(articles.kind, kind), eq(articles.id, id));

/** Edits keep the slug, so links already shared keep working. False when the kind has no such article. */
export async function updateArticle(db: Database, kind: ArticleKind, id: string, input: ArticleInput) {
  const rows = await db.update(articles).set(articleColumns(input)).where(ofKind(kind, id)).returning({ id: articles.id });
  return rows.length > 0;
}

/** Publishing a draft dates it now, so it appears at the top of its index. */
export async function setArticlePublished(db: Database, kind: ArticleKind, id: string, publish: boolean, now = new Date()) {
  const rows = await db
    .update(articles)
    .set(publish ? { isPublished: true, publishDate: now } : { isPublished: false })
    .where(and(ofKind(kind, id), eq(articles.isPublished, !publish)))
    .returning({ id: articles.id });
  if (rows.length) return true;
  // Already in the wanted state: fine, as long as the article exists.
  return (await db.select({ id: articles.id }).from(articles).where(ofKind(kind, id))).length > 0;
}

/** Deletes an article and, with it, its translations. */
export async function deleteArticle(db: Database, kind: ArticleKind, id: string) {
  const rows = await db.delete(articles).where(ofKind(kind, id)).returning({ id: articles.id });
  return rows.length > 0;
}

interface ArticleTranslationInput {
  title?: string;
  excerpt?: string;
  content?: string;
  category?: string;
}

/**
 * Saves an article's texts in another language (a field left empty shows the English one); false
 * when the kind has no such article. One statement: the article is looked up as the row is written
 * (the columns in the table's order, as drizzle's INSERT ... SELECT wants them).
 */
export async function saveArticleTranslation(
  db: Database,
  kind: ArticleKind,
  id: string,
  language: TranslationLanguage,
  input: ArticleTranslationInput,
  now = new Date(),
) {
  const texts = {
    title: input.title ?? null,
    excerpt: input.excerpt ?? null,
    content: input.content ?? null,
    category: input.category ?? null,
    updatedAt: now,
  };
  const rows = await db
    .insert(articleTranslations)
    .select(
      db
        .select({
          articleId: articles.id,
          language: sql`${language}`.as("language"),
          title: sql`${texts.title}`.as("title"),
          excerpt: sql`${texts.excerpt}`.as("excerpt"),
          content: sql`${texts.content}`.as("content"),
          category: sql`${texts.category}`.as("category"),
          updatedAt: sql`${now.getTime()}`.as("updated_at"),
        })
        .from(articles)
        .where(ofKind(kind, id)),
    )
    .onConflictDoUpdate({ target: [articleTranslations.articleId, articleTranslations.language], set: texts })
    .returning({ articleId: articleTranslations.articleId });
  return rows.length > 0;
}
