import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProfilePlan } from "~/lib/constants";
import * as schema from "../../db/schema";
import { cookiesFrom, createUser, db, get, ORIGIN, post, sessionCookie, loaderData, routeAnswer, withCompany } from "../support/factories";
import { fetchWorker } from "../support/worker";

let admin: string;
const HERO_ID = "hero-section";

/** The whole content of the tables an admin screen may change, to prove a refusal changed nothing. */
async function snapshot() {
  const [sections, posts, inquiries] = await Promise.all([
    db.select().from(schema.cmsContent).orderBy(schema.cmsContent.id),
    db.select().from(schema.articles).orderBy(schema.articles.id),
    db.select().from(schema.inquiries).orderBy(schema.inquiries.id),
  ]);
  return JSON.stringify({ sections, posts, inquiries });
}

const withToast = (cookie: string, response: Response) => [cookie, cookiesFrom(response)].filter(Boolean).join("; ");

async function addPost(values: Partial<typeof schema.articles.$inferInsert> & { title: string }) {
  const [row] = await db
    .insert(schema.articles)
    .values({ kind: "blog", ...values })
    .returning();
  return row;
}

const blogPostsTitled = (title: string) =>
  db
    .select()
    .from(schema.articles)
    .where(and(eq(schema.articles.kind, "blog"), eq(schema.articles.title, title)));
const articleById = (id: string) => db.select().from(schema.articles).where(eq(schema.articles.id, id));

beforeAll(async () => {
  admin = await sessionCookie(null, true);
  await db.insert(schema.cmsContent).values([
    {
      id: HERO_ID,
      sectionKey: "hero",
      title: "Your Key To Global Trade",
      subtitle: "Old subtitle",
      content: "Old content",
      updatedAt: new Date(Date.UTC(2026, 0, 1)),
    },
    { id: "blog-section", sectionKey: "trade_blog", title: "Trade News & Insights", subtitle: "From our editors" },
  ]);
});

describe("who may use the admin screens", () => {
  const ROLES: [string, ProfilePlan | null][] = [
    ["a visitor", null],
    ["a free member", "free"],
    ["a premium member", "premium"],
    ["an enterprise member", "enterprise"],
  ];
  const SCREENS = ["/cms", "/cms/blog", "/cms/news", "/cms?edit=hero", "/cms/news?language=fr", "/admin/requests", "/analytics?range=30d"];
  /** The route whose loader answers a screen's data request. */
  const routeOf = (path: string) => {
    const pathname = path.split("?")[0];
    if (pathname === "/cms") return "routes/cms._index";
    if (pathname.startsWith("/cms/")) return `routes/cms.${pathname.slice("/cms/".length)}`;
    return `routes/${pathname.startsWith("/admin") ? "admin.requests" : "analytics"}`;
  };

  it.each(ROLES)("%s is sent to the admin gate from every screen and every action changes nothing", async (_who, plan) => {
    const cookie = plan ? await sessionCookie((await createUser({ plan })).id) : undefined;
    for (const path of SCREENS) {
      const response = await get(path, cookie);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
      expect((await routeAnswer(path, routeOf(path), cookie)).status, path).not.toBe(200);
      // The layout's data as well: every loader guards.
      if (path.startsWith("/cms")) expect((await routeAnswer(path, "routes/cms", cookie)).status, path).not.toBe(200);
    }
    const before = await snapshot();
    const [inquiry] = await db
      .insert(schema.inquiries)
      .values({ message: "Refusal probe", source: "checkout", name: "Probe", email: "probe@example.com" })
      .returning();
    const withInquiry = await snapshot();
    const [draft] = await db.select().from(schema.articles).limit(1);
    const attempts: [string, Record<string, string>][] = [
      ["/cms?index", { intent: "updateSection", sectionKey: "hero", title: "Hijacked hero" }],
      ["/cms?index", { intent: "translateSection", sectionKey: "hero", language: "fr", title: "Héros détourné" }],
      ["/cms/blog", { intent: "create", title: "Hijacked post", publish: "on" }],
      ["/cms/blog", { intent: "publish", articleId: draft?.id ?? "x" }],
      ["/cms/blog", { intent: "delete", articleId: draft?.id ?? "x" }],
      ["/cms/news", { intent: "translate", articleId: draft?.id ?? "x", language: "fr", title: "Nouvelle détournée" }],
      ["/admin/requests", { intent: "setStatus", requestId: inquiry.id, status: "closed" }],
    ];
    for (const [path, fields] of attempts) {
      const response = await post(path, fields, cookie);
      expect(response.status, `${path} ${fields.intent}`).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    expect(await snapshot()).toBe(withInquiry);
    await db.delete(schema.inquiries).where(eq(schema.inquiries.id, inquiry.id));
    expect(await snapshot()).toBe(before);
  });

  it("the admin gate's Cancel goes back to the home page", async () => {
    const html = await (await get("/admin/login?redirectTo=%2Fcms")).text();
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Cancel<\/a>/);
  });

  it("admin mode and a profile with the admin plan both open every screen", async () => {
    const adminPlan = await sessionCookie((await createUser({ plan: "admin" })).id);
    for (const cookie of [admin, adminPlan]) {
      for (const path of SCREENS) expect((await get(path, cookie)).status, path).toBe(200);
    }
  });

  it("the Admin menu links every admin screen", async () => {
    const html = await (await get("/")).text();
    for (const [href, label] of [
      ["/cms", "CMS Management"],
      ["/forum", "Forum Management"],
      ["/analytics", "Analytics Dashboard"],
      ["/leads-import", "Bulk File Upload"],
      ["/admin/members", "Members &amp; Upgrades"],
      ["/admin/messages", "Contact Messages"],
      ["/admin/requests", "Requests"],
    ]) {
      expect(html).toMatch(new RegExp(`href="${href}"[^>]*>${label}<`));
    }
  });
});

describe("page content", () => {
  it("lists every section with its key as words and opens an inline editor with Save and Cancel", async () => {
    const html = await (await get("/cms", admin)).text();
    expect(html).toContain("Content Management System");
    expect(html).toContain("Page Content");
    expect(html).toContain("Blog Posts");
    expect(html).toContain("trade blog");
    expect(html).toContain("Old subtitle");
    expect(html).toContain("Sign Out");
    const editor = await (await get("/cms?edit=hero", admin)).text();
    expect(editor).toMatch(/<textarea[^>]*name="content"[^>]*rows="4"/);
    for (const label of ["Title", "Subtitle", "Content", "Image URL", "Save", "Cancel"]) expect(editor).toContain(`>${label}<`);
  });

  it("saves a section, stamps updated_at, and the home page shows it on its next view", async () => {
    const saved = await post(
      "/cms?index&edit=hero",
      {
        intent: "updateSection",
        sectionKey: "hero",
        title: "Trade without borders",
        subtitle: "New subtitle",
        content: "Fresh words for the hero",
        imageUrl: "https://cdn.example.com/hero.jpg",
      },
      admin,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/cms");
    expect(await (await get("/cms", withToast(admin, saved))).text()).toContain("The content was saved.");
    const [hero] = await db.select().from(schema.cmsContent).where(eq(schema.cmsContent.id, HERO_ID));
    expect(hero).toMatchObject({
      title: "Trade without borders",
      subtitle: "New subtitle",
      content: "Fresh words for the hero",
      imageUrl: "https://cdn.example.com/hero.jpg",
    });
    expect(hero.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const home = await (await get("/")).text();
    expect(home).toContain("Trade without borders");
    expect(home).toContain("Fresh words for the hero");
  });

  it("renders HTML typed into a section as text", async () => {
    expect(
      (
        await post(
          "/cms?index",
          { intent: "updateSection", sectionKey: "hero", title: "<script>alert(1)</script>", content: "<b>bold</b>" },
          admin,
        )
      ).status,
    ).toBe(302);
    const home = await (await get("/")).text();
    expect(home).not.toContain("<script>alert(1)</script>");
    expect(home).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    await post(
      "/cms?index",
      { intent: "updateSection", sectionKey: "hero", title: "Trade without borders", content: "Fresh words for the hero" },
      admin,
    );
  });

  it.each([
    ["javascript:alert(1)"],
    ["data:image/png;base64,AAAA"],
    ["//evil.example.com/x.png"],
    ["ftp://example.com/x.png"],
    ["not a url"],
  ])("refuses the image URL %s with a message and changes nothing", async (imageUrl) => {
    const before = await snapshot();
    const response = await post("/cms?index&edit=hero", { intent: "updateSection", sectionKey: "hero", title: "x", imageUrl }, admin);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The image URL must start with http:// or https://");
    expect(await snapshot()).toBe(before);
  });

  it("answers hostile input with 4xx and a message, never 500, and changes nothing", async () => {
    const before = await snapshot();
    const cases: [string, Response][] = [
      [
        "json body",
        await fetchWorker(`${ORIGIN}/cms?index`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: ORIGIN, Host: "localhost", "Content-Type": "application/json", Cookie: admin },
          body: JSON.stringify({ intent: "updateSection", sectionKey: "hero", title: "json" }),
        }),
      ],
      ["no intent", await post("/cms?index", { sectionKey: "hero", title: "x" }, admin)],
      ["unknown intent", await post("/cms?index", { intent: "dropTables" }, admin)],
      [
        "1 MB title",
        await post("/cms?index&edit=hero", { intent: "updateSection", sectionKey: "hero", title: "x".repeat(1_000_000) }, admin),
      ],
      [
        "control characters",
        await post("/cms?index&edit=hero", { intent: "updateSection", sectionKey: "hero", title: "bad\u0000title" }, admin),
      ],
      [
        "duplicated field",
        await fetchWorker(`${ORIGIN}/cms?index&edit=hero`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: ORIGIN, Host: "localhost", "Content-Type": "application/x-www-form-urlencoded", Cookie: admin },
          body: "intent=updateSection&sectionKey=hero&title=a&title=b",
        }),
      ],
      ["missing article id", await post("/cms/blog", { intent: "publish" }, admin)],
      ["blank post title", await post("/cms/blog", { intent: "create", title: "   " }, admin)],
      ["a blog intent on the news tab", await post("/cms/news", { intent: "delete", articleId: "x" }, admin)],
      ["a section intent on the blog tab", await post("/cms/blog", { intent: "updateSection", sectionKey: "hero", title: "x" }, admin)],
    ];
    for (const [name, response] of cases) {
      expect(response.status, name).toBeGreaterThanOrEqual(400);
      expect(response.status, name).toBeLessThan(500);
    }
    for (const path of ["/cms?index", "/cms/blog", "/cms/news"]) {
      const unknown = await post(path, { intent: "dropTables" }, admin);
      expect(unknown.status, path).toBe(400);
      expect(await unknown.text(), path).toContain("This action is not available here.");
    }
    const long = await (
      await post("/cms?index&edit=hero", { intent: "updateSection", sectionKey: "hero", title: "x".repeat(1_000_000) }, admin)
    ).text();
    expect(long).toContain("This is too long");
    expect(await snapshot()).toBe(before);
  });

  it("answers an unknown section key with 404", async () => {
    expect((await post("/cms?index", { intent: "updateSection", sectionKey: "no_such_section", title: "x" }, admin)).status).toBe(404);
  });

  it("Sign Out ends admin mode and returns to the admin gate", async () => {
    const cookie = await sessionCookie(null, true);
    const out = await post("/admin/logout", { redirectTo: "/admin/login?redirectTo=%2Fcms" }, cookie);
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/admin/login?redirectTo=%2Fcms");
    expect((await get("/cms", cookie)).status).toBe(302);
    // Only paths of this site.
    expect(
      (await post("/admin/logout", { redirectTo: "https://evil.example.com" }, await sessionCookie(null, true))).headers.get("Location"),
    ).toBe("/");
  });
});

describe("blog posts", () => {
  it("creates a draft with the defaults; it stays hidden from everyone but admins", async () => {
    const created = await post(
      "/cms/blog",
      { intent: "create", title: "Spring sourcing plans", excerpt: "What we plan", content: "First paragraph.\n\nSecond paragraph." },
      admin,
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/cms/blog");
    const [draft] = await blogPostsTitled("Spring sourcing plans");
    expect(draft).toMatchObject({ slug: "spring-sourcing-plans", author: "Admin", readMinutes: 5, isPublished: false });

    const list = await (await get("/cms/blog", withToast(admin, created))).text();
    expect(list).toContain("The blog post was saved as a draft.");
    expect(list).toContain("Draft");
    expect(list).toContain("By Admin • 5 min read");
    expect(list).toContain('href="/blog/spring-sourcing-plans"');

    const member = await sessionCookie((await createUser({ plan: "enterprise" })).id);
    for (const cookie of [undefined, member]) {
      expect((await get("/blog/spring-sourcing-plans", cookie)).status).toBe(404);
      expect((await get(`/blog/${draft.id}`, cookie)).status).toBe(404);
      expect(await (await get("/blog", cookie)).text()).not.toContain("Spring sourcing plans");
      expect(await (await get("/", cookie)).text()).not.toContain("Spring sourcing plans");
      expect(await (await get("/sitemap.xml", cookie)).text()).not.toContain("spring-sourcing-plans");
    }
    const asAdmin = await get("/blog/spring-sourcing-plans", admin);
    expect(asAdmin.status).toBe(200);
    const page = await asAdmin.text();
    expect(page).toContain("This post is a draft: only administrators can see it.");
    expect(page).toContain('<meta name="robots" content="noindex"');
  });

  it("publishes immediately: its page has the paragraphs, meta, canonical link and Article JSON-LD; the blog, home page and sitemap link it", async () => {
    const created = await post(
      "/cms/blog",
      {
        intent: "create",
        title: "Letters of credit in practice",
        excerpt: "A short guide",
        content: "Open with the bank.\n\n<script>alert('x')</script>",
        category: "Trade Finance",
        imageUrl: "/images/blog/2.svg",
        author: "Maria Lopez",
        readMinutes: "7",
        publish: "on",
      },
      admin,
    );
    expect(created.status).toBe(302);
    const response = await get("/blog/letters-of-credit-in-practice");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Letters of credit in practice | ");
    expect(html).toContain('<meta name="description" content="A short guide"');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/blog/letters-of-credit-in-practice"`);
    expect(html).toContain('"@type":"Article"');
    expect(html).toContain('"headline":"Letters of credit in practice"');
    expect(html).toContain("By Maria Lopez • 7 min read");
    expect(html).toContain("Trade Finance");
    expect(html).toContain('src="/images/blog/2.svg"');
    expect(html).toContain('<p class="whitespace-pre-line">Open with the bank.</p>');
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert('x')</script>");

    expect(await (await get("/blog")).text()).toContain('href="/blog/letters-of-credit-in-practice"');
    expect(await (await get("/")).text()).toContain('href="/blog/letters-of-credit-in-practice"');
    expect(await (await get("/sitemap.xml")).text()).toContain(`<loc>${ORIGIN}/blog/letters-of-credit-in-practice</loc>`);
  });

  it("gives a second post with the same title its own address, and moves id addresses to the slug", async () => {
    await post("/cms/blog", { intent: "create", title: "Letters of credit in practice", publish: "on" }, admin);
    const posts = await blogPostsTitled("Letters of credit in practice");
    expect(posts).toHaveLength(2);
    const second = posts.find((p) => p.slug !== "letters-of-credit-in-practice")!;
    expect(second.slug).toBe(`letters-of-credit-in-practice-${second.id.slice(0, 8)}`);
    const byId = await get(`/blog/${second.id}`);
    expect(byId.status).toBe(301);
    expect(byId.headers.get("Location")).toBe(`/blog/${second.slug}`);
  });

  it("opens a post written before slugs existed by its id", async () => {
    const old = await addPost({ title: "Old post", isPublished: true, content: "Old text" });
    expect((await get(`/blog/${old.id}`)).status).toBe(200);
  });

  it("publishes, unpublishes, edits and deletes after confirmation", async () => {
    const draft = await addPost({
      title: "Lifecycle post",
      slug: "lifecycle-post",
      isPublished: false,
      publishDate: new Date(Date.UTC(2020, 0, 1)),
    });
    expect((await post("/cms/blog", { intent: "publish", articleId: draft.id }, admin)).status).toBe(302);
    const [published] = await articleById(draft.id);
    expect(published.isPublished).toBe(true);
    expect(published.publishDate.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await get("/blog/lifecycle-post")).status).toBe(200);

    expect((await post("/cms/blog", { intent: "unpublish", articleId: draft.id }, admin)).status).toBe(302);
    expect((await get("/blog/lifecycle-post")).status).toBe(404);

    const editor = await (await get(`/cms/blog?edit=${draft.id}`, admin)).text();
    expect(editor).toContain('value="Lifecycle post"');
    expect(
      (
        await post(
          `/cms/blog?edit=${draft.id}`,
          { intent: "update", articleId: draft.id, title: "Renamed post", author: "", readMinutes: "" },
          admin,
        )
      ).status,
    ).toBe(302);
    const [edited] = await articleById(draft.id);
    expect(edited).toMatchObject({ title: "Renamed post", slug: "lifecycle-post", author: "Admin", readMinutes: 5 });

    const confirm = await (await get(`/cms/blog?confirmDelete=${draft.id}`, admin)).text();
    expect(confirm).toContain("Are you sure you want to delete this blog post?");
    const deleted = await post("/cms/blog", { intent: "delete", articleId: draft.id }, admin);
    expect(deleted.status).toBe(302);
    expect(await (await get("/cms/blog", withToast(admin, deleted))).text()).toContain("The blog post was deleted.");
    expect(await articleById(draft.id)).toHaveLength(0);
    expect((await post("/cms/blog", { intent: "delete", articleId: draft.id }, admin)).status).toBe(404);
  });

  it("pages the blog index", async () => {
    for (let i = 0; i < 13; i++)
      await addPost({ title: `Paged post ${i}`, isPublished: true, publishDate: new Date(Date.UTC(2019, 0, i + 1)) });
    const first = await loaderData<{ pages: number; articles: { title: string }[] }>("/blog", "routes/blog._index");
    expect(first.articles).toHaveLength(12);
    expect(first.pages).toBeGreaterThanOrEqual(2);
    const last = await loaderData<{ articles: { title: string }[] }>(`/blog?page=${first.pages}`, "routes/blog._index");
    expect(last.articles.at(-1)?.title).toBe("Paged post 0");
    // Past the last page, as the news index does: which pages there are.
    const past = await (await get("/blog?page=999")).text();
    expect(past).toContain(`There are only ${first.pages} pages of results.`);
    expect(past).toMatch(new RegExp(`href="/blog\\?page=${first.pages}"[^>]*>Go to page ${first.pages}<`));
  });

  it("opens the tab an old bookmark names", async () => {
    for (const [old, now] of [
      ["/cms?tab=blog", "/cms/blog"],
      ["/cms?tab=news&language=fr", "/cms/news?language=fr"],
    ]) {
      const response = await get(old, admin);
      expect(response.status, old).toBe(302);
      expect(response.headers.get("Location"), old).toBe(now);
    }
  });
});

describe("news articles", () => {
  const addNews = async (values: Partial<typeof schema.articles.$inferInsert> & { title: string }) =>
    (
      await db
        .insert(schema.articles)
        .values({ kind: "news", isPublished: true, ...values })
        .returning()
    )[0];

  it("each news card on the home page opens the article's page", async () => {
    const article = await addNews({ title: "Container volumes rise", excerpt: "Up 4%", content: "Volumes rose.", category: "Trade News" });
    expect(await (await get("/")).text()).toContain(`href="/news/${article.id}"`);
    const html = await (await get(`/news/${article.id}`)).text();
    expect(html).toContain("Container volumes rise");
    expect(html).toContain('"@type":"Article"');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/news/${article.id}"`);
    expect(await (await get("/sitemap.xml")).text()).toContain(`<loc>${ORIGIN}/news/${article.id}</loc>`);
    expect((await get("/news/no-such-article")).status).toBe(404);
  });
});

describe("one article model", () => {
  it("keeps blog posts and news articles apart: each tab, index and page has its own kind only", async () => {
    const news = (await db.insert(schema.articles).values({ kind: "news", title: "Kind probe news", isPublished: true }).returning())[0];
    const blog = await addPost({ title: "Kind probe post", slug: "kind-probe-post", isPublished: true });
    // A page of one kind never shows the other's article, by id or by slug.
    expect((await get(`/news/${blog.id}`)).status).toBe(404);
    expect((await get("/news/kind-probe-post")).status).toBe(404);
    expect((await get(`/blog/${news.id}`)).status).toBe(404);
    expect(await (await get("/news")).text()).not.toContain("Kind probe post");
    expect(await (await get("/blog")).text()).not.toContain("Kind probe news");
    const newsTab = await (await get("/cms/news", admin)).text();
    expect(newsTab).toContain("Kind probe news");
    expect(newsTab).not.toContain("Kind probe post");
    expect(await (await get("/cms/blog", admin)).text()).not.toContain("Kind probe news");
    // A tab's action refuses the other kind's article, and writes nothing.
    const before = JSON.stringify(await db.select().from(schema.articleTranslations));
    const asNews = await post("/cms/news", { intent: "translate", articleId: blog.id, language: "fr", title: "x" }, admin);
    expect(asNews.status).toBe(404);
    const onTheBlogTab: Record<string, string>[] = [
      { intent: "translate", articleId: news.id, language: "fr", title: "x" },
      { intent: "update", articleId: news.id, title: "x" },
      { intent: "unpublish", articleId: news.id },
      { intent: "delete", articleId: news.id },
    ];
    for (const fields of onTheBlogTab) {
      expect((await post("/cms/blog", fields, admin)).status, fields.intent).toBe(404);
    }
    expect(JSON.stringify(await db.select().from(schema.articleTranslations))).toBe(before);
    expect(await articleById(news.id)).toEqual([news]);
  });

  it("the news tab translates, and has no form to write, publish or delete", async () => {
    const english = await (await get("/cms/news", admin)).text();
    expect(english).toContain("News articles are written in English. Choose another language above to translate them.");
    expect(english).not.toContain("Create New Blog Post");
    expect(english).not.toMatch(/>(Edit|Publish|Unpublish|Delete)</);
    const french = await (await get("/cms/news?language=fr", admin)).text();
    expect(french).toMatch(/>Edit</);
    expect(french).not.toMatch(/>(Publish|Unpublish|Delete)</);
  });

  it("a news article that is not published is for admins only", async () => {
    const [hidden] = await db.insert(schema.articles).values({ kind: "news", title: "Embargoed news", isPublished: false }).returning();
    const member = await sessionCookie((await createUser({ plan: "enterprise" })).id);
    for (const cookie of [undefined, member]) {
      expect((await get(`/news/${hidden.id}`, cookie)).status).toBe(404);
      expect(await (await get("/news", cookie)).text()).not.toContain("Embargoed news");
      expect(await (await get("/", cookie)).text()).not.toContain("Embargoed news");
    }
    const asAdmin = await get(`/news/${hidden.id}`, admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers.get("Cache-Control")).toMatch(/private|no-store/);
  });

  it("a form posted to the CMS's layout (no tab's action) is refused without a change", async () => {
    const before = await snapshot();
    const response = await post("/cms", { intent: "updateSection", sectionKey: "hero", title: "Nowhere" }, admin);
    expect(response.status).toBe(405);
    expect(await snapshot()).toBe(before);
  });
});

describe("requests for quotation", () => {
  let buyer: { id: string; email: string };
  let buyerCookie: string;
  const ids: string[] = [];

  beforeAll(async () => {
    buyer = await createUser({ plan: "free" });
    buyerCookie = await sessionCookie(buyer.id);
    const [product] = await db
      .insert(schema.products)
      .values(await withCompany([{ title: "Basmati rice 25 kg", category: "Agriculture", price: 30 }]))
      .returning();
    for (let i = 0; i < 3; i++) {
      const id = crypto.randomUUID();
      ids.push(id);
      await db.insert(schema.inquiries).values({
        id,
        groupId: id,
        userId: i < 2 ? buyer.id : null,
        name: i < 2 ? null : "Guest Gus",
        email: i < 2 ? null : "gus@example.com",
        message: `Please quote ${i}`,
        source: "request_quote",
        createdAt: new Date(Date.UTC(2026, 5, i + 1)),
      });
      await db
        .insert(schema.inquiryLines)
        .values({ inquiryId: id, productId: product.id, title: "Basmati rice 25 kg", quantity: 10 * (i + 1), unitPrice: 30 });
    }
  });

  type Listing = {
    total: number;
    requests: {
      id: string;
      status: string;
      reference: string;
      buyer: { id: string | null; name: string | null; email: string | null };
      message: string;
      lines: { title: string; quantity: number }[];
    }[];
  };
  const listing = async (query = "") => loaderData<Listing>(`/admin/requests?${query}`, "routes/admin.requests", admin);

  it("lists every request newest first with buyer, lines and message", async () => {
    const { requests } = await listing();
    const ours = requests.filter((r) => ids.includes(r.id));
    expect(ours.map((r) => r.message)).toEqual(["Please quote 2", "Please quote 1", "Please quote 0"]);
    expect(ours[0]).toMatchObject({ buyer: { id: null, name: "Guest Gus", email: "gus@example.com" } });
    expect(ours[1]).toMatchObject({ buyer: { id: buyer.id, name: "Test free", email: buyer.email } });
    expect(ours[1].reference).toBe(`RFQ-${ids[1].replace(/-/g, "").slice(0, 8).toUpperCase()}`);
    expect(ours[1].lines).toEqual([expect.objectContaining({ title: "Basmati rice 25 kg", quantity: 20 })]);
    const html = await (await get("/admin/requests", admin)).text();
    expect(html).toContain("Requests for Quotation");
    expect(html).toContain("Please quote 1");
  });

  it("moves a request through its statuses; the buyer sees each one, the filter follows", async () => {
    for (const [status, label] of [
      ["declined", "Declined"],
      ["expired", "Expired"],
      ["closed", "Closed"],
    ] as const) {
      const moved = await post("/admin/requests?status=new", { intent: "setStatus", requestId: ids[1], status }, admin);
      expect(moved.status).toBe(302);
      expect(moved.headers.get("Location")).toBe("/admin/requests?status=new");
      const [row] = await db.select().from(schema.inquiries).where(eq(schema.inquiries.id, ids[1]));
      expect(row.status).toBe(status);
      const mine = await (await get("/requests", buyerCookie)).text();
      expect(mine).toContain(label);
      const filtered = await listing(`status=${status}`);
      expect(filtered.requests.map((r) => r.id)).toContain(ids[1]);
      expect(filtered.requests.every((r) => r.status === status)).toBe(true);
      expect((await listing("status=new")).requests.map((r) => r.id)).not.toContain(ids[1]);
    }
  });

  it("refuses a status that does not exist, or an unknown request, and changes nothing", async () => {
    const before = await snapshot();
    expect((await post("/admin/requests", { intent: "setStatus", requestId: ids[0], status: "shipped" }, admin)).status).toBe(400);
    expect((await post("/admin/requests", { intent: "setStatus", requestId: "x".repeat(1_000_000), status: "closed" }, admin)).status).toBe(
      400,
    );
    expect((await post("/admin/requests", { intent: "setStatus", status: "closed" }, admin)).status).toBe(400);
    expect((await post("/admin/requests", { intent: "setStatus", requestId: crypto.randomUUID(), status: "closed" }, admin)).status).toBe(
      404,
    );
    expect(await snapshot()).toBe(before);
  });
});
