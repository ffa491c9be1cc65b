import "~/lib/zod-config";
import { z } from "zod";
import { isAllowedImageUrl } from "~/lib/articles";
import { BLOG_DEFAULT_AUTHOR, BLOG_DEFAULT_READ_MINUTES, INQUIRY_STATUSES, READ_MINUTES_MAX, TRANSLATION_LANGUAGES } from "~/lib/constants";
import { optionalText, text } from "~/lib/schemas";

// The forms of the CMS and of the requests screen. Messages are translation keys.

const imageUrl = optionalText(2048).refine((v) => v === undefined || isAllowedImageUrl(v), "content.cms.invalidImageUrl");
const rowId = z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(64, "validation.tooLong");
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

const postFields = {
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

export const CreatePostSchema = z.object({
  intent: z.literal("createPost"),
  ...postFields,
  publish: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});

export const UpdatePostSchema = z.object({ intent: z.literal("updatePost"), postId: rowId, ...postFields });

/** The texts of a blog post or news article in another language; the rest (image, author, read time) is the original's. */
const articleTranslationFields = {
  language: translationLanguage,
  title: optionalText(200),
  excerpt: optionalText(500),
  content: optionalText(50_000),
  category: optionalText(80),
};

export const PostTranslationSchema = z.object({ intent: z.literal("translatePost"), postId: rowId, ...articleTranslationFields });
export const NewsTranslationSchema = z.object({ intent: z.literal("translateNews"), articleId: rowId, ...articleTranslationFields });

/** Every intent of /cms in one schema. */
export const CmsActionSchema = z.discriminatedUnion("intent", [
  SectionSchema,
  SectionTranslationSchema,
  CreatePostSchema,
  UpdatePostSchema,
  PostTranslationSchema,
  NewsTranslationSchema,
  z.object({ intent: z.enum(["publish", "unpublish"]), postId: rowId }),
  z.object({ intent: z.literal("deletePost"), postId: rowId }),
]);

/** Every intent of /admin/requests (one today). */
export const RequestsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("setStatus"), requestId: rowId, status: z.enum(INQUIRY_STATUSES, { error: "validation.chooseOption" }) }),
]);
