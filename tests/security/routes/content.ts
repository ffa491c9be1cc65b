import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import * as schema from "../../../db/schema";
import { db } from "../../support/factories";
import { dataUrl } from "../../support/route-data";
import { cookieFor, send, unique, type Fixture, type Role } from "../support";
import { everyone, type Expectation, type RouteRow } from "../types";

// The content pages (blog, news) and the admin screens that edit them (CMS, requests for
// quotation, analytics). Admin screens send everyone but admin mode to the admin gate, whatever
// they own; a draft post is a 404 for everyone but admins.

const adminOnly = (admin: Expectation): Record<Role, Expectation> => ({ ...everyone("gate"), admin });
const NOT_ADMIN: Role[] = ["visitor", "free", "paid", "owner", "other"];

/** A blog post with its own slug, title and text (explicit publish date: the default has whole seconds). */
async function blogPost(published: boolean, withSlug = true) {
  const key = unique();
  const kind = published ? "published" : "draft";
  const [post] = await db
    .insert(schema.articles)
    .values({
      kind: "blog",
      slug: withSlug ? `sec-${kind}-${key}` : null,
      title: `Security ${kind} post ${key}`,
      excerpt: `Excerpt ${key}`,
      content: `Body of the ${kind} post ${key}`,
      isPublished: published,
      publishDate: new Date(),
    })
    .returning();
  return { id: post.id, slug: post.slug ?? "", title: post.title, content: post.content ?? "" };
}
const draft = () => blogPost(false);
const published = () => blogPost(true);

/** A page-content section of its own, so an edit by one role cannot spoil another's. */
async function section() {
  const key = `sec_${unique()}`;
  await db.insert(schema.cmsContent).values({ sectionKey: key, title: `Section ${key}`, subtitle: "Subtitle", content: "Content" });
  return { sectionKey: key, title: `Section ${key}` };
}

/** A new request for quotation of the owner's, with a message only admins may read. */
async function inquiry(fx: Fixture) {
  const message = `Please quote pumps ${unique()}`;
  const [row] = await db.insert(schema.inquiries).values({ userId: fx.users.owner.id, message, source: "request_quote" }).returning();
  await db
    .insert(schema.inquiryLines)
    .values({ inquiryId: row.id, productId: fx.product.id, title: fx.product.title, quantity: 5, unitPrice: 10 });
  return { id: row.id, message };
}

async function news() {
  const key = unique();
  const [article] = await db
    .insert(schema.articles)
    .values({ kind: "news", title: `Security news ${key}`, excerpt: "Up 4%", content: `News body ${key}`, isPublished: true })
    .returning();
  return { id: article.id, title: article.title };
}

/** A section with a French translation of its own, only admins may read in the CMS. */
async function translatedSection() {
  const { sectionKey, title } = await section();
  const [row] = await db.select({ id: schema.cmsContent.id }).from(schema.cmsContent).where(eq(schema.cmsContent.sectionKey, sectionKey));
  const translatedTitle = `Section traduite ${unique()}`;
  await db.insert(schema.cmsContentTranslations).values({ contentId: row.id, language: "fr", title: translatedTitle });
  return { sectionKey, title, translatedTitle };
}

const translationOf = async (table: "section" | "article", id: string, language: string) => {
  if (table === "section") {
    const [row] = await db.select({ id: schema.cmsContent.id }).from(schema.cmsContent).where(eq(schema.cmsContent.sectionKey, id));
    return db
      .select()
      .from(schema.cmsContentTranslations)
      .where(and(eq(schema.cmsContentTranslations.contentId, row.id), eq(schema.cmsContentTranslations.language, language)))
      .get();
  }
  return db
    .select()
    .from(schema.articleTranslations)
    .where(and(eq(schema.articleTranslations.articleId, id), eq(schema.articleTranslations.language, language)))
    .get();
};

const postRow = async (id: string) => (await db.select().from(schema.articles).where(eq(schema.articles.id, id)))[0];
/** A redirect to a post's slug (by id, the post answers at its slug). */
const TO_SLUG = /^\/blog\/sec-(draft|published)-[a-z0-9]+$/;

export const rows: RouteRow[] = [
  // cms.tsx (the layout: title, tabs, content language) -----------------------------------------------
  {
    file: "cms.tsx",
    name: "the CMS layout on every tab",
    path: "/cms/news?language=fr",
    expect: adminOnly(200),
    check: ({ role, body }) => {
      if (role === "admin") expect(body).toContain("Content Management System");
      else expect(body).not.toContain("Content Management System");
    },
  },
  {
    file: "cms.tsx",
    name: "the CMS layout's data",
    path: dataUrl("/cms/blog", "routes/cms"),
    expect: { ...everyone("gate"), admin: 200 },
    check: ({ role, data }) => {
      if (role === "admin") expect(data.title).toBe("Content Management System");
    },
  },

  // cms._index.tsx (page content) -----------------------------------------------------------------------
  {
    file: "cms._index.tsx",
    name: "page content sections",
    path: "/cms",
    prepare: section,
    expect: adminOnly(200),
    check: ({ role, body, values }) => {
      if (role === "admin") expect(body).toContain(values.title);
      else expect(body).not.toContain(values.title);
    },
  },
  {
    file: "cms._index.tsx",
    name: "page content data",
    path: dataUrl("/cms", "routes/cms._index"),
    prepare: section,
    expect: { ...everyone("gate"), admin: 200 },
    check: ({ role, body, values }) => {
      if (role === "admin") return void expect(body).toContain(values.title);
      expect(body).not.toContain(values.title);
    },
  },
  {
    file: "cms._index.tsx",
    name: "a section's French translation and its editor",
    path: ({ values }) => `/cms?language=fr&edit=${values.sectionKey}`,
    prepare: translatedSection,
    expect: adminOnly(200),
    check: ({ role, body, values }) => {
      if (role === "admin") expect(body).toContain(values.translatedTitle);
      else expect(body).not.toContain(values.translatedTitle);
    },
  },
  {
    file: "cms._index.tsx",
    name: "an old bookmark of the blog tab",
    path: "/cms?tab=blog&language=ja",
    expect: adminOnly({ status: 302, location: "/cms/blog?language=ja" }),
  },
  {
    file: "cms._index.tsx",
    name: "save a section",
    method: "POST",
    path: "/cms?index",
    prepare: section,
    form: ({ values }) => ({
      intent: "updateSection",
      sectionKey: values.sectionKey,
      title: "Rewritten section",
      subtitle: "",
      content: "New words",
      imageUrl: "",
    }),
    expect: adminOnly({ status: 302, location: "/cms" }),
    check: async ({ role, values }) => {
      const [row] = await db.select().from(schema.cmsContent).where(eq(schema.cmsContent.sectionKey, values.sectionKey));
      expect(row.title).toBe(role === "admin" ? "Rewritten section" : values.title);
    },
  },
  {
    file: "cms._index.tsx",
    name: "save an unknown section",
    method: "POST",
    path: "/cms?index",
    form: { intent: "updateSection", sectionKey: "no_such_section", title: "x" },
    expect: adminOnly(404),
  },
  {
    file: "cms._index.tsx",
    name: "save a section's French translation",
    method: "POST",
    path: "/cms?index&language=fr",
    prepare: section,
    form: ({ values }) => ({
      intent: "translateSection",
      sectionKey: values.sectionKey,
      language: "fr",
      title: "Section réécrite",
      content: "",
    }),
    expect: adminOnly({ status: 302, location: "/cms?language=fr" }),
    check: async ({ role, values }) => {
      const translation = await translationOf("section", values.sectionKey, "fr");
      if (role === "admin") expect(translation).toMatchObject({ title: "Section réécrite", content: null });
      else expect(translation).toBeUndefined();
    },
  },
  {
    file: "cms._index.tsx",
    name: "translate an unknown section",
    method: "POST",
    path: "/cms?index&language=fr",
    form: { intent: "translateSection", sectionKey: "no_such_section", language: "fr", title: "x" },
    expect: adminOnly(404),
  },
  {
    file: "cms._index.tsx",
    name: "a blog intent on the page content tab",
    method: "POST",
    path: "/cms?index",
    prepare: published,
    form: ({ values }) => ({ intent: "delete", articleId: values.id }),
    expect: adminOnly(400),
    check: async ({ values }) => expect(await postRow(values.id)).toBeTruthy(),
  },

  // cms.blog.tsx ----------------------------------------------------------------------------------------
  {
    file: "cms.blog.tsx",
    name: "blog posts, drafts included",
    path: "/cms/blog",
    prepare: draft,
    expect: adminOnly(200),
    check: ({ role, body, values }) => {
      if (role === "admin") expect(body).toContain(values.title);
      else expect(body).not.toContain(values.title);
    },
  },
  {
    file: "cms.blog.tsx",
    name: "a draft's full text in the editor",
    path: ({ values }) => `/cms/blog?edit=${values.id}`,
    prepare: draft,
    expect: adminOnly(200),
    check: ({ role, body, values }) => {
      if (role === "admin") expect(body).toContain(values.content);
      else expect(body).not.toContain(values.content);
    },
  },
  {
    file: "cms.blog.tsx",
    name: "blog posts data",
    path: ({ values }) => dataUrl(`/cms/blog?edit=${values.id}`, "routes/cms.blog"),
    prepare: draft,
    expect: { ...everyone("gate"), admin: 200 },
    check: ({ role, body, values }) => {
      if (role === "admin") return void expect(body).toContain(values.content);
      expect(body).not.toContain(values.title);
      expect(body).not.toContain(values.content);
    },
  },
  {
    file: "cms.blog.tsx",
    name: "create a draft post",
    method: "POST",
    path: "/cms/blog",
    form: ({ n }) => ({ intent: "create", title: `Created by a row ${n}`, excerpt: "x", content: "y" }),
    expect: adminOnly({ status: 302, location: "/cms/blog" }),
  },
  {
    file: "cms.blog.tsx",
    name: "edit a post",
    method: "POST",
    path: ({ values }) => `/cms/blog?edit=${values.id}`,
    prepare: draft,
    form: ({ values }) => ({ intent: "update", articleId: values.id, title: "Edited by a row", author: "", readMinutes: "" }),
    expect: adminOnly({ status: 302, location: "/cms/blog" }),
    check: async ({ role, values }) => {
      const row = await postRow(values.id);
      expect(row).toMatchObject({ title: role === "admin" ? "Edited by a row" : values.title, slug: values.slug });
    },
  },
  {
    file: "cms.blog.tsx",
    name: "publish a draft",
    method: "POST",
    path: "/cms/blog",
    prepare: draft,
    form: ({ values }) => ({ intent: "publish", articleId: values.id }),
    expect: adminOnly({ status: 302, location: "/cms/blog" }),
    check: async ({ role, values }) => expect((await postRow(values.id)).isPublished).toBe(role === "admin"),
  },
  {
    file: "cms.blog.tsx",
    name: "unpublish a post",
    method: "POST",
    path: "/cms/blog",
    prepare: published,
    form: ({ values }) => ({ intent: "unpublish", articleId: values.id }),
    expect: adminOnly({ status: 302, location: "/cms/blog" }),
    check: async ({ role, values }) => expect((await postRow(values.id)).isPublished).toBe(role !== "admin"),
  },
  {
    file: "cms.blog.tsx",
    name: "delete a post",
    method: "POST",
    path: "/cms/blog",
    prepare: published,
    form: ({ values }) => ({ intent: "delete", articleId: values.id }),
    expect: adminOnly({ status: 302, location: "/cms/blog" }),
    check: async ({ role, values }) => expect(!!(await postRow(values.id))).toBe(role !== "admin"),
  },
  {
    file: "cms.blog.tsx",
    name: "publish an unknown post",
    method: "POST",
    path: "/cms/blog",
    form: { intent: "publish", articleId: "no-such-post" },
    expect: adminOnly(404),
  },
  {
    file: "cms.blog.tsx",
    name: "delete a news article through the blog tab",
    method: "POST",
    path: "/cms/blog",
    prepare: news,
    form: ({ values }) => ({ intent: "delete", articleId: values.id }),
    expect: adminOnly(404),
    check: async ({ values }) => expect(await postRow(values.id)).toBeTruthy(),
  },
  {
    file: "cms.blog.tsx",
    name: "save a draft's Japanese translation",
    method: "POST",
    path: ({ values }) => `/cms/blog?language=ja&edit=${values.id}`,
    prepare: draft,
    form: ({ values }) => ({ intent: "translate", articleId: values.id, language: "ja", title: "翻訳された記事", category: "調達" }),
    expect: adminOnly({ status: 302, location: "/cms/blog?language=ja" }),
    check: async ({ role, values }) => {
      const translation = await translationOf("article", values.id, "ja");
      if (role === "admin") expect(translation).toMatchObject({ title: "翻訳された記事", category: "調達", excerpt: null });
      else expect(translation).toBeUndefined();
    },
  },
  {
    file: "cms.blog.tsx",
    name: "translate a post into English (the original)",
    method: "POST",
    path: "/cms/blog",
    prepare: draft,
    form: ({ values }) => ({ intent: "translate", articleId: values.id, language: "en", title: "Not a translation" }),
    expect: adminOnly(400),
    check: async ({ values }) => expect(await translationOf("article", values.id, "en")).toBeUndefined(),
  },

  // cms.news.tsx ----------------------------------------------------------------------------------------
  {
    file: "cms.news.tsx",
    name: "news articles to translate, and an article's editor",
    path: ({ values }) => `/cms/news?language=es&edit=${values.id}`,
    prepare: news,
    expect: adminOnly(200),
    check: ({ role, body, values }) => {
      if (role === "admin") expect(body).toContain(values.title);
      else expect(body).not.toContain(values.title);
    },
  },
  {
    file: "cms.news.tsx",
    name: "news articles data",
    path: dataUrl("/cms/news?language=es", "routes/cms.news"),
    prepare: news,
    expect: { ...everyone("gate"), admin: 200 },
    check: ({ role, body, values }) => {
      if (role === "admin") return void expect(body).toContain(values.title);
      expect(body).not.toContain(values.title);
    },
  },
  {
    file: "cms.news.tsx",
    name: "save a news article's Spanish translation",
    method: "POST",
    path: "/cms/news?language=es",
    prepare: news,
    form: ({ values }) => ({ intent: "translate", articleId: values.id, language: "es", title: "Noticia traducida" }),
    expect: adminOnly({ status: 302, location: "/cms/news?language=es" }),
    check: async ({ role, values }) => {
      const translation = await translationOf("article", values.id, "es");
      if (role === "admin") expect(translation).toMatchObject({ title: "Noticia traducida" });
      else expect(translation).toBeUndefined();
    },
  },
  {
    file: "cms.news.tsx",
    name: "translate an unknown news article",
    method: "POST",
    path: "/cms/news?language=es",
    form: { intent: "translate", articleId: "no-such-article", language: "es", title: "x" },
    expect: adminOnly(404),
  },
  {
    file: "cms.news.tsx",
    name: "translate a blog post through the news tab",
    method: "POST",
    path: "/cms/news?language=es",
    prepare: draft,
    form: ({ values }) => ({ intent: "translate", articleId: values.id, language: "es", title: "x" }),
    expect: adminOnly(404),
    check: async ({ values }) => expect(await translationOf("article", values.id, "es")).toBeUndefined(),
  },
  {
    file: "cms.news.tsx",
    name: "delete a news article (the news tab has no such intent)",
    method: "POST",
    path: "/cms/news",
    prepare: news,
    form: ({ values }) => ({ intent: "delete", articleId: values.id }),
    expect: adminOnly(400),
    check: async ({ values }) => expect(await postRow(values.id)).toBeTruthy(),
  },

  // blog._index.tsx ---------------------------------------------------------------------------------
  {
    file: "blog._index.tsx",
    name: "the blog lists published posts, never drafts",
    path: "/blog",
    prepare: async () => {
      const [post, hidden] = await Promise.all([published(), draft()]);
      return { title: post.title, draftTitle: hidden.title };
    },
    expect: everyone(200),
    check: ({ role, body, values }) => {
      expect(body).toContain(values.title);
      if (NOT_ADMIN.includes(role)) expect(body).not.toContain(values.draftTitle);
    },
  },
  {
    file: "blog._index.tsx",
    name: "the blog's data, never drafts",
    path: dataUrl("/blog", "routes/blog._index"),
    prepare: draft,
    expect: everyone(200),
    check: ({ role, body, values }) => {
      if (NOT_ADMIN.includes(role)) expect(body).not.toContain(values.title);
    },
  },
  { file: "blog._index.tsx", name: "a page number out of range", path: "/blog?page=-99999999999999999999", expect: everyone(200) },
  { file: "blog._index.tsx", name: "a page past the last one", path: "/blog?page=99999999999999999999", expect: everyone(200) },

  // blog.$slug.tsx -------------------------------------------------------------------------------------
  {
    file: "blog.$slug.tsx",
    name: "a published post",
    path: ({ values }) => `/blog/${values.slug}`,
    prepare: published,
    expect: everyone(200),
    check: ({ body, values }) => expect(body).toContain(values.content),
  },
  {
    file: "blog.$slug.tsx",
    name: "a draft is for admins only",
    path: ({ values }) => `/blog/${values.slug}`,
    prepare: draft,
    expect: { ...everyone(404), admin: 200 },
    check: async ({ fx, role, body, response, values }) => {
      if (role !== "admin") {
        expect(body).not.toContain(values.content);
        // The same page as a post that does not exist: a 404 does not tell that a draft is there.
        const missing = await (await send(`/blog/sec-draft-${unique()}`, { cookie: await cookieFor(fx, role) })).text();
        const plain = (html: string) => html.replace(/nonce="[^"]*"/g, "").replace(/sec-draft-[a-z0-9]+/g, "SLUG");
        return void expect(plain(body)).toBe(plain(missing));
      }
      expect(body).toContain(values.content);
      expect(body).toContain('<meta name="robots" content="noindex"');
      // Never stored by a shared cache, nor by the edge cache for visitors.
      expect(response.headers.get("Cache-Control")).toMatch(/private|no-store/);
    },
  },
  {
    file: "blog.$slug.tsx",
    name: "a draft's data",
    path: ({ values }) => dataUrl(`/blog/${values.slug}`, "routes/blog.$slug"),
    prepare: draft,
    expect: { ...everyone(404), admin: 200 },
    check: ({ role, body, values }) => {
      if (role !== "admin") expect(body).not.toContain(values.content);
    },
  },
  {
    file: "blog.$slug.tsx",
    name: "a draft by its id",
    path: ({ values }) => `/blog/${values.id}`,
    prepare: draft,
    expect: { ...everyone(404), admin: { status: 301, location: TO_SLUG } },
    check: ({ role, response, values }) => {
      if (role === "admin") expect(response.headers.get("Location")).toBe(`/blog/${values.slug}`);
    },
  },
  {
    file: "blog.$slug.tsx",
    name: "a published post by its id moves to its slug",
    path: ({ values }) => `/blog/${values.id}`,
    prepare: published,
    expect: everyone({ status: 301, location: TO_SLUG }),
    check: ({ response, values }) => expect(response.headers.get("Location")).toBe(`/blog/${values.slug}`),
  },
  {
    file: "blog.$slug.tsx",
    name: "a published post without a slug, by its id",
    path: ({ values }) => `/blog/${values.id}`,
    prepare: () => blogPost(true, false),
    expect: everyone(200),
  },
  {
    file: "blog.$slug.tsx",
    name: "a draft without a slug, by its id",
    path: ({ values }) => `/blog/${values.id}`,
    prepare: () => blogPost(false, false),
    expect: { ...everyone(404), admin: 200 },
  },
  { file: "blog.$slug.tsx", name: "an unknown post", path: "/blog/no-such-post", expect: everyone(404) },

  // news._index.tsx ---------------------------------------------------------------------------------
  {
    file: "news._index.tsx",
    name: "the news index lists the newest article",
    path: "/news",
    prepare: news,
    expect: everyone(200),
    check: ({ body, values }) => expect(body).toContain(values.title),
  },
  {
    file: "news._index.tsx",
    name: "the news index never lists an article not published, nor a blog post",
    path: "/news",
    prepare: async () => {
      const [hidden, post] = await Promise.all([news(), published()]);
      await db.update(schema.articles).set({ isPublished: false }).where(eq(schema.articles.id, hidden.id));
      return { hiddenTitle: hidden.title, postTitle: post.title };
    },
    expect: everyone(200),
    check: ({ role, body, values }) => {
      if (NOT_ADMIN.includes(role)) expect(body).not.toContain(values.hiddenTitle);
      expect(body).not.toContain(values.postTitle);
    },
  },
  { file: "news._index.tsx", name: "a page number out of range", path: "/news?page=-99999999999999999999", expect: everyone(200) },
  { file: "news._index.tsx", name: "a page past the last one", path: "/news?page=99999999999999999999", expect: everyone(200) },

  // news.$id.tsx ----------------------------------------------------------------------------------------
  {
    file: "news.$id.tsx",
    name: "a news article",
    path: ({ values }) => `/news/${values.id}`,
    prepare: news,
    expect: everyone(200),
    check: ({ body, values }) => expect(body).toContain(values.title),
  },
  {
    file: "news.$id.tsx",
    name: "a news article not published is for admins only",
    path: ({ values }) => `/news/${values.id}`,
    prepare: async () => {
      const { id, title } = await news();
      await db.update(schema.articles).set({ isPublished: false }).where(eq(schema.articles.id, id));
      return { id, title };
    },
    expect: { ...everyone(404), admin: 200 },
    check: ({ role, body, response, values }) => {
      if (role !== "admin") return void expect(body).not.toContain(values.title);
      expect(body).toContain(values.title);
      expect(response.headers.get("Cache-Control")).toMatch(/private|no-store/);
    },
  },
  {
    file: "news.$id.tsx",
    name: "a blog post is no news article",
    path: ({ values }) => `/news/${values.id}`,
    prepare: published,
    expect: everyone(404),
  },
  { file: "news.$id.tsx", name: "an unknown article", path: "/news/no-such-article", expect: everyone(404) },
  { file: "news.$id.tsx", name: "a very long id", path: `/news/${"x".repeat(5000)}`, expect: everyone(404) },

  // admin.requests.tsx --------------------------------------------------------------------------------
  {
    file: "admin.requests.tsx",
    name: "every request for quotation, the owner's included",
    path: "/admin/requests",
    prepare: inquiry,
    expect: adminOnly(200),
    check: ({ role, body, values }) => {
      if (role === "admin") expect(body).toContain(values.message);
      else expect(body).not.toContain(values.message);
    },
  },
  {
    file: "admin.requests.tsx",
    name: "requests data",
    path: dataUrl("/admin/requests", "routes/admin.requests"),
    prepare: inquiry,
    expect: { ...everyone("gate"), admin: 200 },
    check: ({ role, body, values }) => {
      if (role === "admin") return void expect(body).toContain(values.message);
      expect(body).not.toContain(values.message);
    },
  },
  {
    file: "admin.requests.tsx",
    name: "an unknown filter and page",
    path: "/admin/requests?status=shipped&page=-1",
    expect: adminOnly(200),
  },
  {
    file: "admin.requests.tsx",
    name: "move the owner's request on",
    method: "POST",
    path: "/admin/requests?status=new",
    prepare: inquiry,
    form: ({ values }) => ({ intent: "setStatus", requestId: values.id, status: "closed" }),
    expect: adminOnly({ status: 302, location: "/admin/requests?status=new" }),
    check: async ({ role, values }) => {
      const [row] = await db.select().from(schema.inquiries).where(eq(schema.inquiries.id, values.id));
      expect(row.status).toBe(role === "admin" ? "closed" : "new");
    },
  },
  {
    file: "admin.requests.tsx",
    name: "an unknown request",
    method: "POST",
    path: "/admin/requests",
    form: { intent: "setStatus", requestId: "no-such-request", status: "closed" },
    expect: adminOnly(404),
  },

  // analytics.tsx -------------------------------------------------------------------------------------
  { file: "analytics.tsx", name: "the dashboard", path: "/analytics", expect: adminOnly(200) },
  { file: "analytics.tsx", name: "a range that does not exist", path: "/analytics?range=9999d", expect: adminOnly(200) },
  {
    file: "analytics.tsx",
    name: "dashboard data",
    path: dataUrl("/analytics?range=90d", "routes/analytics"),
    expect: { ...everyone("gate"), admin: 200 },
    check: ({ role, body, data }) => {
      if (role === "admin") return void expect(data.range).toBe("90d");
      expect(body).not.toContain("topPages");
    },
  },
];
