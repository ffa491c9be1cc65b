import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import { unique, type Fixture } from "../support";
import type { FormEntry } from "../types";

// The forms of the admin content tools: the CMS (page sections, blog posts, news articles) and the
// requests for quotation. All are used in admin mode.

async function section() {
  const sectionKey = `sec_${unique()}`;
  await db.insert(schema.cmsContent).values({ sectionKey, title: "Section to edit" });
  return { sectionKey };
}

async function post() {
  const key = unique();
  const [row] = await db
    .insert(schema.articles)
    .values({ kind: "blog", slug: `hostile-${key}`, title: `Post to edit ${key}` })
    .returning();
  return { articleId: row.id };
}

async function news() {
  const [row] = await db
    .insert(schema.articles)
    .values({ kind: "news", title: `News to translate ${unique()}`, isPublished: true })
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
    file: "cms._index.tsx",
    name: "save a page section",
    role: "admin",
    path: "/cms?index",
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
    file: "cms._index.tsx",
    name: "translate a page section",
    role: "admin",
    path: "/cms?index&language=fr",
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
    file: "cms.blog.tsx",
    name: "create a blog post",
    role: "admin",
    path: "/cms/blog",
    valid: () => ({ intent: "create", ...postFields(), publish: "on" }),
    required: ["title", "intent"],
    texts: postTexts,
    numbers: ["readMinutes"],
    // Published: the public blog shows what the editor typed.
    shows: { page: "/blog", role: "visitor" },
  },
  {
    file: "cms.blog.tsx",
    name: "edit a blog post",
    role: "admin",
    path: ({ values }) => `/cms/blog?edit=${values.articleId}`,
    prepare: post,
    valid: ({ values }) => ({ intent: "update", articleId: values.articleId, ...postFields() }),
    required: ["articleId", "title", "intent"],
    texts: postTexts,
    numbers: ["readMinutes"],
    shows: { page: "/cms/blog" },
  },
  {
    file: "cms.blog.tsx",
    name: "translate a blog post",
    role: "admin",
    path: ({ values }) => `/cms/blog?language=fr&edit=${values.articleId}`,
    prepare: post,
    valid: ({ values }) => ({ intent: "translate", articleId: values.articleId, language: "fr", ...translatedTexts() }),
    required: ["articleId", "language", "intent"],
    texts: ["title", "excerpt", "content", "category"],
    shows: { page: "/cms/blog?language=fr" },
  },
  {
    file: "cms.blog.tsx",
    name: "publish a blog post",
    role: "admin",
    path: "/cms/blog",
    prepare: post,
    valid: ({ values }) => ({ intent: "publish", articleId: values.articleId }),
    required: ["articleId", "intent"],
    texts: [],
  },
  {
    file: "cms.blog.tsx",
    name: "delete a blog post",
    role: "admin",
    path: "/cms/blog",
    prepare: post,
    valid: ({ values }) => ({ intent: "delete", articleId: values.articleId }),
    required: ["articleId", "intent"],
    texts: [],
  },
  {
    file: "cms.news.tsx",
    name: "translate a news article",
    role: "admin",
    path: "/cms/news?language=hi",
    prepare: news,
    valid: ({ values }) => ({ intent: "translate", articleId: values.articleId, language: "hi", ...translatedTexts() }),
    required: ["articleId", "language", "intent"],
    texts: ["title", "excerpt", "content", "category"],
    // The public article page shows what the editor typed.
    shows: { page: ({ values }) => `/news/${values.articleId}?lng=hi`, role: "visitor" },
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
