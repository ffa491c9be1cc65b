import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import { unique, type Fixture } from "../support";
import type { FormEntry } from "../types";

// The forms of the admin content tools: the CMS (page sections and blog posts) and the requests
// for quotation. All are used in admin mode.

async function section() {
  const sectionKey = `sec_${unique()}`;
  await db.insert(schema.cmsContent).values({ sectionKey, title: "Section to edit" });
  return { sectionKey };
}

async function post() {
  const key = unique();
  const [row] = await db
    .insert(schema.cmsBlogPosts)
    .values({ slug: `hostile-${key}`, title: `Post to edit ${key}` })
    .returning();
  return { postId: row.id };
}

async function news() {
  const [row] = await db
    .insert(schema.newsArticles)
    .values({ title: `News to translate ${unique()}` })
    .returning();
  return { articleId: row.id };
}

async function inquiry(fx: Fixture) {
  const [row] = await db
    .insert(schema.inquiries)
    .values({ userId: fx.users.owner.id, message: "Please quote", source: "request_quote" })
    .returning();
  return { requestId: row.id };
}

const postFields = () => ({
  title: "Letters of credit",
  excerpt: "A short guide",
  content: "Open with the bank.\n\nThen ship.",
  category: "Trade Finance",
  imageUrl: "https://cdn.example.com/post.jpg",
  author: "Maria Lopez",
  readMinutes: "7",
});
const postTexts = ["title", "excerpt", "content", "category", "author"];
const translatedTexts = () => ({ title: "Lettres de crédit", excerpt: "Un guide", content: "Ouvrez avec la banque.", category: "Finance" });

export const forms: FormEntry[] = [
  {
    file: "cms.tsx",
    name: "save a page section",
    role: "admin",
    path: "/cms",
    prepare: section,
    valid: ({ values }) => ({
      intent: "updateSection",
      sectionKey: values.sectionKey,
      title: "Trade without borders",
      subtitle: "Subtitle",
      content: "Fresh words",
      imageUrl: "/images/hero.svg",
      ctaPrimary: "Buy",
      ctaSecondary: "Sell",
    }),
    required: ["sectionKey", "intent"],
    texts: ["title", "subtitle", "content", "ctaPrimary", "ctaSecondary"],
    shows: { page: "/cms" },
  },
  {
    file: "cms.tsx",
    name: "translate a page section",
    role: "admin",
    path: "/cms?language=fr",
    prepare: section,
    valid: ({ values }) => ({
      intent: "translateSection",
      sectionKey: values.sectionKey,
      language: "fr",
      title: "Le commerce sans frontières",
      subtitle: "Sous-titre",
      content: "Des mots neufs",
      ctaPrimary: "Acheter",
      ctaSecondary: "Vendre",
    }),
    required: ["sectionKey", "language", "intent"],
    texts: ["title", "subtitle", "content", "ctaPrimary", "ctaSecondary"],
    shows: { page: "/cms?language=fr" },
  },
  {
    file: "cms.tsx",
    name: "create a blog post",
    role: "admin",
    path: "/cms?tab=blog",
    valid: () => ({ intent: "createPost", ...postFields(), publish: "on" }),
    required: ["title", "intent"],
    texts: postTexts,
    numbers: ["readMinutes"],
    // Published: the public blog shows what the editor typed.
    shows: { page: "/blog", role: "visitor" },
  },
  {
    file: "cms.tsx",
    name: "edit a blog post",
    role: "admin",
    path: ({ values }) => `/cms?tab=blog&editPost=${values.postId}`,
    prepare: post,
    valid: ({ values }) => ({ intent: "updatePost", postId: values.postId, ...postFields() }),
    required: ["postId", "title", "intent"],
    texts: postTexts,
    numbers: ["readMinutes"],
    shows: { page: "/cms?tab=blog" },
  },
  {
    file: "cms.tsx",
    name: "translate a blog post",
    role: "admin",
    path: ({ values }) => `/cms?tab=blog&language=fr&editPost=${values.postId}`,
    prepare: post,
    valid: ({ values }) => ({ intent: "translatePost", postId: values.postId, language: "fr", ...translatedTexts() }),
    required: ["postId", "language", "intent"],
    texts: ["title", "excerpt", "content", "category"],
    shows: { page: "/cms?tab=blog&language=fr" },
  },
  {
    file: "cms.tsx",
    name: "translate a news article",
    role: "admin",
    path: "/cms?tab=news&language=hi",
    prepare: news,
    valid: ({ values }) => ({ intent: "translateNews", articleId: values.articleId, language: "hi", ...translatedTexts() }),
    required: ["articleId", "language", "intent"],
    texts: ["title", "excerpt", "content", "category"],
    // The public article page shows what the editor typed.
    shows: { page: ({ values }) => `/news/${values.articleId}?lng=hi`, role: "visitor" },
  },
  {
    file: "cms.tsx",
    name: "publish a blog post",
    role: "admin",
    path: "/cms?tab=blog",
    prepare: post,
    valid: ({ values }) => ({ intent: "publish", postId: values.postId }),
    required: ["postId", "intent"],
    texts: [],
  },
  {
    file: "cms.tsx",
    name: "delete a blog post",
    role: "admin",
    path: "/cms?tab=blog",
    prepare: post,
    valid: ({ values }) => ({ intent: "deletePost", postId: values.postId }),
    required: ["postId", "intent"],
    texts: [],
  },
  {
    file: "admin.requests.tsx",
    name: "move a request for quotation on",
    role: "admin",
    path: "/admin/requests?status=new",
    prepare: inquiry,
    valid: ({ values }) => ({ intent: "setStatus", requestId: values.requestId, status: "closed" }),
    required: ["requestId", "status", "intent"],
    texts: [],
  },
];
