import { and, eq, inArray, sql, type GetColumnData } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { SECTIONS_WITH_BUTTONS, type LanguageCode, type TranslationLanguage } from "~/lib/constants";
import type { Database } from "../../db/client";
import { cmsContent, cmsContentTranslations } from "../../db/schema";

// Managed content is written in English; each other language may have a translation row per
// section (and per article: articles.server.ts). Readers get one language's texts, field by field: a translated field
// where there is one, else the English original's (a missing row falls back as a whole).

/** A text field in the reader's language: the translation's, or the original's when it has none. */
export function translatedOr<C extends SQLiteColumn>(translated: SQLiteColumn, original: C) {
  return sql<GetColumnData<C>>`coalesce(${translated}, ${original})`;
}

const sectionTranslation = (language: LanguageCode) =>
  and(eq(cmsContentTranslations.contentId, cmsContent.id), eq(cmsContentTranslations.language, language));

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
