import "~/lib/zod-config";
import { z } from "zod";
import { isAllowedImageUrl } from "~/lib/articles";
import { BLOG_DEFAULT_AUTHOR, BLOG_DEFAULT_READ_MINUTES, INQUIRY_STATUSES, READ_MINUTES_MAX, TRANSLATION_LANGUAGES } from "~/lib/constants";
import { optionalText, text } from "~/lib/schemas";

// The forms of the CMS and of the requests screen. Messages are translation keys.

const imageUrl = optionalText(2048).refine((v) => v === undefined || isAllowedImageUrl(v), "content.cms.invalidImageUrl");
/** A row's id in a hidden field: missing or not an id, the page the form came from is stale (or forged). */
const rowId = z.string({ error: "validation.unknownIntent" }).trim().min(1, "validation.unknownIntent").max(64, "validation.unknownIntent");
/** A translation is into one of the other languages: the English original is edited as itself. */
const translationLanguage = z.enum(TRANSLATION_LANGUAGES, { error: "validation.chooseOption" });

/** Button labels, for the sections that have buttons (SECTIONS_WITH_BUTTONS); empty, the page shows its own. */
const buttons = { ctaPrimary: optionalText(60), ctaSecondary: optionalText(60) };

export const SectionSchema = z.object({
  intent: z.literal("updateSection"),
  sectionKey: rowId,
  title: optionalText(200),
  subtitle: optionalText(300),
  content: optionalText(5000),
  imageUrl,
  ...buttons,
});

/** A section's texts in another language; the image is the same in every language. */
export const SectionTranslationSchema = z.object({
  intent: z.literal("translateSection"),
  sectionKey: rowId,
  language: translationLanguage,
  title: optionalText(200),
  subtitle: optionalText(300),
  content: optionalText(5000),
  ...buttons,
});

/** Every intent of /cms (page content). */
export const SectionsActionSchema = z.discriminatedUnion("intent", [SectionSchema, SectionTranslationSchema]);

// Articles (blog posts, news articles): one form of each kind for both.

const articleFields = {
  title: text(200),
  excerpt: optionalText(500),
  content: optionalText(50_000),
  category: optionalText(80),
  imageUrl,
  // Left empty, author and read time take the specification's defaults.
  author: optionalText(120).transform((v) => v ?? BLOG_DEFAULT_AUTHOR),
  readMinutes: z.coerce
    .number({ error: "validation.positiveNumber" })
    .int("validation.positiveNumber")
    .positive("validation.positiveNumber")
    .max(READ_MINUTES_MAX, "validation.tooLarge")
    .optional()
    .transform((v) => v ?? BLOG_DEFAULT_READ_MINUTES),
};

export const CreateArticleSchema = z.object({
  intent: z.literal("create"),
  ...articleFields,
  publish: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});

export const UpdateArticleSchema = z.object({ intent: z.literal("update"), articleId: rowId, ...articleFields });

/** An article's texts in another language; the rest (image, author, read time) is the original's. */
export const ArticleTranslationSchema = z.object({
  intent: z.literal("translate"),
  articleId: rowId,
  language: translationLanguage,
  title: optionalText(200),
  excerpt: optionalText(500),
  content: optionalText(50_000),
  category: optionalText(80),
});

const PublishArticleSchema = z.object({ intent: z.enum(["publish", "unpublish"]), articleId: rowId });
const DeleteArticleSchema = z.object({ intent: z.literal("delete"), articleId: rowId });

/** Every intent of /cms/blog. */
export const BlogActionSchema = z.discriminatedUnion("intent", [
  CreateArticleSchema,
  UpdateArticleSchema,
  ArticleTranslationSchema,
  PublishArticleSchema,
  DeleteArticleSchema,
]);

/** Every intent of /admin/requests (one today). */
export const RequestsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("setStatus"), requestId: rowId, status: z.enum(INQUIRY_STATUSES, { error: "validation.chooseOption" }) }),
]);
