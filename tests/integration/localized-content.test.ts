import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cachedContentVersion } from "~/entry.worker";
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from "~/lib/constants";
import { readContentVersion } from "~/models/content-version.server";
import * as schema from "../../db/schema";
import { blogPosts, cmsContent, newsArticles } from "../../db/seed/data";
import { seedDatabase } from "../../db/seed/seed";
import { SECTION_TRANSLATIONS } from "../../db/seed/translations";
import { cookiesFrom, createUser, db, editedElsewhere, get, loaderData, post, sessionCookie, withCompany } from "../support/factories";

// Managed content in six languages: the seeded translations of the home page, the English
// fallback, editing a translation in /cms, and the caches that must follow an edit.

/** Text as React writes it into HTML. */
const html = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

const page = async (path: string, cookie?: string, headers: Record<string, string> = {}) => {
  const response = await get(path, cookie, headers);
  expect(response.status, path).toBe(200);
  return response.text();
};

/** Fetches until the page the first visit stored is served from the edge cache (the store runs after the response). */
async function visitorPageFromCache(path: string, headers: Record<string, string>) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await get(path, undefined, headers);
    if (response.headers.get("X-Edge-Cache") === "HIT") return response.text();
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${path} was never served from the edge cache`);
}

/** The hero of a home page's HTML (the footer repeats the buttons' default labels). */
const heroOf = (body: string) => body.slice(body.indexOf("<h1"), body.indexOf("</section>", body.indexOf("<h1")));

const sectionId = (key: string) => cmsContent().find((s) => s.sectionKey === key)!.id;
const ENGLISH = Object.fromEntries(cmsContent().map((s) => [s.sectionKey, s]));
const firstPost = blogPosts()[0];

let admin: string;
beforeAll(async () => {
  await seedDatabase(env.DB);
  admin = await sessionCookie(null, true);
});

describe("the home page in each language", () => {
  it("shows the seeded Chinese hero, buttons, promotion and sections, with interface labels in Chinese", async () => {
    const body = await page("/?lng=zh");
    expect(body).toContain('<html lang="zh"');
    expect(body).toMatch(/<h1[^>]*>开启全球贸易之门<\/h1>/);
    for (const text of [
      "与超过 1100 万进口商和出口商建立联系",

      "通过电子邮件触达 1100 万买家",
      "我们核实供应商，为买家匹配合适的制造商",
      "让跨境采购像本地购买一样简单",
      "供应商验证、贸易融资、物流和市场调研",
      "三个月内，我们在欧洲找到了两家经销商",
      "贸易新闻与洞察",
    ])
      expect(body).toContain(text);
    // Top Searches: the label in Chinese, the search for the English term the products are stored with.
    expect(body).toMatch(/<a[^>]*href="\/products\?search=Tshirts"[^>]*>T恤<\/a>/);
    expect(body).toMatch(/<a[^>]*href="\/products\?search=Fire%20Extinguisher"[^>]*>灭火器<\/a>/);
    // Product categories, the news category and read times go through the labels.
    expect(body).toContain(">科技<");
    expect(body).toContain(">贸易新闻<");
    expect(body).toContain("阅读时长 3 分钟");
    expect(heroOf(body)).toMatch(/>成为买家<\/a><a[^>]*>成为供应商<\/a>/);
    for (const english of [
      ENGLISH.hero.subtitle!,
      "Join as Buyer",
      "Join as Supplier",
      ENGLISH.email_marketing.title!,
      ENGLISH.what_we_do.content!,
      ENGLISH.our_goals.content!,
      ENGLISH.best_services.content!,
      ">Trade News<",
      ">Technology<",
      "min read",
      ">Tshirts<",
    ])
      expect(body).not.toContain(english);
  });

  it.each(TRANSLATION_LANGUAGES)("shows every seeded section of the home page in %s", async (lng) => {
    const body = await page(`/?lng=${lng}`);
    const sections = SECTION_TRANSLATIONS;
    for (const [key, texts] of Object.entries(sections)) {
      const { title, subtitle, content, metadata } = texts[lng];
      // What We Do, Our Goals, Best Services and Success Stories have headings of their own (labels).
      if (!["what_we_do", "our_goals", "best_services", "success_stories"].includes(key))
        expect(body, `${key} title`).toContain(html(title));
      expect(body, `${key} subtitle`).toContain(html(subtitle));
      if (content) expect(body, `${key} content`).toContain(html(content));
      for (const label of Object.values(metadata ?? {})) expect(heroOf(body), `${key} button`).toContain(`>${html(label)}<`);
    }
    expect(body).not.toContain(html(ENGLISH.hero.content!));
  });

  it("the English page is the original", async () => {
    const body = await page("/?lng=en");
    expect(body).toMatch(/<h1[^>]*>Your Key To Global Trade<\/h1>/);
    expect(heroOf(body)).toMatch(/>Join as Buyer<\/a><a[^>]*>Join as Supplier<\/a>/);
    expect(body).toContain(html(ENGLISH.what_we_do.content!));
    expect(body).toMatch(/<a[^>]*href="\/products\?search=Tshirts"[^>]*>Tshirts<\/a>/);
    expect(body).toContain(">Trade News<");
    expect(body).toContain("3 min read");
    expect(body).not.toContain("开启全球贸易之门");
  });

  it("falls back to English row by row and field by field where a translation is missing", async () => {
    await db
      .delete(schema.cmsContentTranslations)
      .where(and(eq(schema.cmsContentTranslations.contentId, sectionId("what_we_do")), eq(schema.cmsContentTranslations.language, "ja")));
    await db
      .update(schema.cmsContentTranslations)
      .set({ content: null })
      .where(and(eq(schema.cmsContentTranslations.contentId, sectionId("our_goals")), eq(schema.cmsContentTranslations.language, "ja")));
    editedElsewhere();
    const body = await page("/?lng=ja");
    // No Japanese row: the English section, whole.
    expect(body).toContain(html(ENGLISH.what_we_do.subtitle!));
    expect(body).toContain(html(ENGLISH.what_we_do.content!));
    // A Japanese row without its content: the Japanese subtitle, the English content.
    expect(body).toContain(SECTION_TRANSLATIONS.our_goals.ja.subtitle);
    expect(body).toContain(html(ENGLISH.our_goals.content!));
    expect(body).not.toContain(SECTION_TRANSLATIONS.our_goals.ja.content!);
    // The rest stays Japanese.
    expect(body).toMatch(/<h1[^>]*>グローバル貿易への扉<\/h1>/);
    expect(body).toContain(SECTION_TRANSLATIONS.best_services.ja.content!);
  });

  it("keeps the home page's content per language for members too", async () => {
    const member = await sessionCookie((await createUser()).id);
    const chinese = await loaderData<{ sections: Record<string, { title: string }> }>("/?lng=zh", "routes/_index", member);
    const french = await loaderData<{ sections: Record<string, { title: string }>; cta: { primary: string } }>(
      "/?lng=fr",
      "routes/_index",
      member,
    );
    expect(chinese.sections.what_we_do.title).toBe(SECTION_TRANSLATIONS.what_we_do.zh.title);
    expect(french.sections.what_we_do.title).toBe(SECTION_TRANSLATIONS.what_we_do.fr.title);
    expect(french.cta.primary).toBe("Devenir acheteur");
  });
});

describe("read times", () => {
  beforeAll(async () => {
    const [news] = newsArticles();
    await db
      .update(schema.articles)
      .set({ readMinutes: 1 })
      .where(inArray(schema.articles.id, [news.id, firstPost.id]));
    editedElsewhere();
  });

  it.each([
    ["en", "1 min read", "4 min read"],
    ["es", "1 minuto de lectura", "4 minutos de lectura"],
    ["fr", "1 minute de lecture", "4 minutes de lecture"],
    ["zh", "阅读时长 1 分钟", "阅读时长 4 分钟"],
    ["hi", "पढ़ने में 1 मिनट", "पढ़ने में 4 मिनट"],
    ["ja", "1分で読めます", "4分で読めます"],
  ])("are worded and pluralised in %s on the home page, the blog and an article", async (lng, one, four) => {
    const home = await page(`/?lng=${lng}`);
    expect(home).toContain(one);
    expect(home).toContain(four);
    expect(await page(`/blog/${firstPost.slug}?lng=${lng}`)).toContain(one);
    expect(await page(`/news/${newsArticles()[0].id}?lng=${lng}`)).toContain(one);
    expect(await page(`/blog?lng=${lng}`)).toContain(four);
  });

  it("are stored as minutes: a post saved without one gets the spec's 5", async () => {
    const created = await post("/cms/blog", { intent: "create", title: "Minutes by default" }, admin);
    expect(created.status).toBe(302);
    const [row] = await db.select().from(schema.articles).where(eq(schema.articles.title, "Minutes by default"));
    expect(row.readMinutes).toBe(5);
    expect(await page("/cms/blog", admin)).toContain("By Admin • 5 min read");
    for (const readMinutes of ["0", "-3", "2.5", "five", "1000"]) {
      const refused = await post("/cms/blog", { intent: "create", title: `Refused ${readMinutes}`, readMinutes }, admin);
      expect(refused.status, readMinutes).toBe(400);
    }
  });
});

describe("country names", () => {
  it.each([
    ["zh", "台湾"],
    ["hi", "ताइवान"],
    ["en", "Taiwan"],
  ])("say where a listing and its company are in %s", async (lng, name) => {
    const [listing] = await db
      .select({ id: schema.products.id, catalogId: schema.products.catalogId })
      .from(schema.products)
      .where(eq(schema.products.country, "Taiwan"))
      .limit(1);
    const product = await page(`/product/${listing.id}?lng=${lng}`);
    expect(product).toContain(`data-testid="product-country">${name}</dd>`);
    // The company card on the product page as well.
    expect(product.replaceAll("<!-- -->", "")).toMatch(new RegExp(`<li>[^<]+: ${name}</li>`));
    expect(await page(`/companies/${listing.catalogId}?lng=${lng}`)).toContain(`>${name}</p>`);
  });

  it("keep a name that is no known place as it was typed", async () => {
    const [product] = await db
      .insert(schema.products)
      .values(await withCompany([{ title: "Atlantis probe", category: "Other", country: "Atlantis" }]))
      .returning();
    expect(await page(`/product/${product.id}?lng=zh`)).toContain('data-testid="product-country">Atlantis</dd>');
  });
});

describe("translations in /cms", () => {
  it("lets the editor choose the language with plain links and shows what falls back to English", async () => {
    const english = await page("/cms", admin);
    for (const [code, name] of [
      ["es", "Español"],
      ["fr", "Français"],
      ["zh", "中文"],
      ["hi", "हिन्दी"],
      ["ja", "日本語"],
    ])
      expect(english).toMatch(new RegExp(`<a[^>]*href="/cms\\?language=${code}"[^>]*>${name}</a>`));
    expect(english).toContain("You are editing the English original.");

    // The seeded Chinese hero, and a section nobody translated (country portals).
    const chinese = await page("/cms?language=zh", admin);
    expect(chinese).toContain("You are editing the 中文 version.");
    expect(chinese).toContain("开启全球贸易之门");
    const portals = chinese.slice(chinese.indexOf(">country portals<"));
    expect(portals.slice(0, portals.indexOf("</li>"))).toMatch(/Not translated yet[\s\S]*Our Country Portals[\s\S]*English shown/);
    // Its editor: the stored translation in the fields, the English original under each.
    const editor = await page("/cms?language=zh&edit=hero", admin);
    expect(editor).toMatch(/<input[^>]*name="title"[^>]*value="开启全球贸易之门"/);
    expect(editor).toContain('name="language" value="zh"');
    expect(editor).toContain("English:");
    expect(editor).toContain(html(ENGLISH.hero.subtitle!));
    // The interface stays in the editor's own language.
    expect(editor).toContain('<html lang="en"');
  });

  it("saves a French section and blog post from plain form posts; French pages show them, English stays", async () => {
    const saved = await post(
      "/cms?index&language=fr&edit=hero",
      {
        intent: "translateSection",
        sectionKey: "hero",
        language: "fr",
        title: "Le commerce sans frontières",
        subtitle: "",
        content: "Des mots neufs",
        ctaPrimary: "Acheter ici",
        ctaSecondary: "",
      },
      admin,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/cms?language=fr");
    expect(await page("/cms?language=fr", [admin, cookiesFrom(saved)].join("; "))).toContain("The Français version was saved.");

    const french = await page("/?lng=fr");
    expect(french).toMatch(/<h1[^>]*>Le commerce sans frontières<\/h1>/);
    expect(french).toContain("Des mots neufs");
    // The subtitle and a button left empty show the English ones.
    const frenchHero = heroOf(french);
    expect(frenchHero).toContain(html(ENGLISH.hero.subtitle!));
    expect(frenchHero).toMatch(/>Acheter ici<\/a><a[^>]*>Join as Supplier<\/a>/);
    const english = await page("/?lng=en");
    expect(english).toMatch(/<h1[^>]*>Your Key To Global Trade<\/h1>/);
    expect(english).not.toContain("Le commerce sans frontières");
    expect(await page("/?lng=zh")).toMatch(/<h1[^>]*>开启全球贸易之门<\/h1>/);

    const translated = await post(
      `/cms/blog?language=fr&edit=${firstPost.id}`,
      {
        intent: "translate",
        articleId: firstPost.id,
        language: "fr",
        title: "Vérifier un nouveau fournisseur",
        excerpt: "",
        content: "Premier paragraphe.\n\nDeuxième paragraphe.",
        category: "Conseils",
      },
      admin,
    );
    expect(translated.status).toBe(302);
    expect(translated.headers.get("Location")).toBe("/cms/blog?language=fr");
    const postPage = await page(`/blog/${firstPost.slug}?lng=fr`);
    expect(postPage).toMatch(/<h1[^>]*>Vérifier un nouveau fournisseur<\/h1>/);
    expect(postPage).toContain("<title>Vérifier un nouveau fournisseur | ");
    expect(postPage).toContain('<p class="whitespace-pre-line">Deuxième paragraphe.</p>');
    expect(postPage).toContain(">Conseils<");
    expect(postPage).toContain(html(firstPost.excerpt));
    const englishPost = await page(`/blog/${firstPost.slug}`);
    expect(englishPost).toMatch(new RegExp(`<h1[^>]*>${firstPost.title}</h1>`));
    expect(englishPost).not.toContain("Deuxième paragraphe.");
    expect(await page("/blog?lng=fr")).toContain("Vérifier un nouveau fournisseur");
    expect(await page("/?lng=fr")).toContain("Vérifier un nouveau fournisseur");

    // The editor's list: the French title, the other posts in English, marked.
    const list = await page("/cms/blog?language=fr", admin);
    expect(list).toContain("Vérifier un nouveau fournisseur");
    expect(list).toContain("Not translated yet");
    expect(list).toContain(`href="/blog/${firstPost.slug}?lng=fr"`);
    expect(list).not.toContain("Create New Blog Post");
  });

  it("edits the hero's buttons in English and in French; a label left empty falls back", async () => {
    const hero = { intent: "updateSection", sectionKey: "hero", title: ENGLISH.hero.title!, imageUrl: ENGLISH.hero.imageUrl! };
    const english = await post("/cms?index&edit=hero", { ...hero, ctaPrimary: "Start buying", ctaSecondary: "" }, admin);
    expect(english.status).toBe(302);
    const [stored] = await db.select().from(schema.cmsContent).where(eq(schema.cmsContent.sectionKey, "hero"));
    expect(stored.metadata).toEqual({ cta_primary: "Start buying" });
    expect(heroOf(await page("/?lng=en"))).toMatch(/>Start buying<\/a><a[^>]*>Join as Supplier<\/a>/);
    // A French button left empty, with no English label either: the page's own label.
    expect(heroOf(await page("/?lng=fr"))).toMatch(/>Acheter ici<\/a><a[^>]*>Devenir fournisseur<\/a>/);
    expect(heroOf(await page("/?lng=zh"))).toMatch(/>成为买家<\/a><a[^>]*>成为供应商<\/a>/);

    const french = await post(
      "/cms?index&language=fr",
      { intent: "translateSection", sectionKey: "hero", language: "fr", title: "Le commerce", ctaPrimary: "", ctaSecondary: "Vendre ici" },
      admin,
    );
    expect(french.status).toBe(302);
    expect(heroOf(await page("/?lng=fr"))).toMatch(/>Start buying<\/a><a[^>]*>Vendre ici<\/a>/);
    const editor = await page("/cms?language=fr&edit=hero", admin);
    expect(editor).toMatch(/<input[^>]*name="ctaSecondary"[^>]*value="Vendre ici"/);
    expect(editor).toContain("Start buying");
    // Put the seeded buttons back.
    await post("/cms?index&edit=hero", { ...hero, ctaPrimary: "Join as Buyer", ctaSecondary: "Join as Supplier" }, admin);
  });

  it("saves a news article's translation", async () => {
    const [article] = newsArticles();
    const saved = await post(
      "/cms/news?language=es",
      { intent: "translate", articleId: article.id, language: "es", title: "Los volúmenes de contenedores suben un 4 %" },
      admin,
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/cms/news?language=es");
    const body = await page(`/news/${article.id}?lng=es`);
    expect(body).toMatch(/<h1[^>]*>Los volúmenes de contenedores suben un 4 %<\/h1>/);
    expect(body).toContain(">Noticias comerciales<");
    expect(body).toContain('"articleSection":"Noticias comerciales"');
    expect(await page(`/news/${article.id}?lng=en`)).toMatch(new RegExp(`<h1[^>]*>${article.title}</h1>`));
  });

  it("refuses English, unknown languages and unknown rows as translations, and changes nothing", async () => {
    const translations = () =>
      Promise.all([
        db.select().from(schema.cmsContentTranslations).orderBy(schema.cmsContentTranslations.contentId),
        db.select().from(schema.articleTranslations).orderBy(schema.articleTranslations.articleId),
      ]).then(JSON.stringify);
    const before = await translations();
    for (const language of ["en", "de", "", "fr ".repeat(50)]) {
      const response = await post(
        "/cms?index&language=fr",
        { intent: "translateSection", sectionKey: "hero", language, title: "x" },
        admin,
      );
      expect(response.status, language).toBe(400);
    }
    expect(
      (await post("/cms?index", { intent: "translateSection", sectionKey: "no_such_section", language: "fr", title: "x" }, admin)).status,
    ).toBe(404);
    for (const tab of ["/cms/blog", "/cms/news"]) {
      const unknown = await post(tab, { intent: "translate", articleId: "no-such-article", language: "fr", title: "x" }, admin);
      expect(unknown.status, tab).toBe(404);
      const english = await post(tab, { intent: "translate", articleId: firstPost.id, language: "en", title: "x" }, admin);
      expect(english.status, tab).toBe(400);
    }
    expect(await translations()).toBe(before);
  });

  it("deleting a post deletes its translations", async () => {
    const [draft] = await db.insert(schema.articles).values({ kind: "blog", title: "Short-lived", slug: "short-lived" }).returning();
    const translationsOf = (id: string) => db.select().from(schema.articleTranslations).where(eq(schema.articleTranslations.articleId, id));
    expect((await post("/cms/blog", { intent: "translate", articleId: draft.id, language: "hi", title: "अल्पकालिक" }, admin)).status).toBe(
      302,
    );
    expect(await translationsOf(draft.id)).toHaveLength(1);
    expect((await post("/cms/blog", { intent: "delete", articleId: draft.id }, admin)).status).toBe(302);
    expect(await translationsOf(draft.id)).toHaveLength(0);
  });
});

describe("caches follow an edited translation", () => {
  const translationOf = (language: TranslationLanguage) =>
    and(eq(schema.cmsContentTranslations.contentId, sectionId("best_services")), eq(schema.cmsContentTranslations.language, language));

  it("a visitor's cached page changes when a translation is edited, through /cms or elsewhere", async () => {
    const visitor = { "Accept-Language": "es" };
    await (await get("/", undefined, visitor)).arrayBuffer();
    expect(await visitorPageFromCache("/", visitor)).toContain(SECTION_TRANSLATIONS.best_services.es.content!);

    // Through /cms: the write's own isolate reads the new content version at once (the version is
    // read just before, so a slow machine letting it age cannot be why).
    await cachedContentVersion(() => db, true);
    const saved = await post(
      "/cms?index&language=es",
      {
        intent: "translateSection",
        sectionKey: "best_services",
        language: "es",
        title: "Servicios",
        content: "Servicios revisados por el editor",
      },
      admin,
    );
    expect(saved.status).toBe(302);
    const afterCms = await get("/", undefined, visitor);
    expect(afterCms.headers.get("X-Edge-Cache")).not.toBe("HIT");
    expect(await afterCms.text()).toContain("Servicios revisados por el editor");
    expect(await visitorPageFromCache("/", visitor)).toContain("Servicios revisados por el editor");

    // Straight into D1, as another isolate or a script would: the table's triggers move the version.
    const version = await readContentVersion(db);
    await db.update(schema.cmsContentTranslations).set({ content: "Escrito en otro sitio" }).where(translationOf("es"));
    expect(await readContentVersion(db)).toBeGreaterThan(version);
    editedElsewhere();
    expect(await page("/", undefined, visitor)).toContain("Escrito en otro sitio");
  });

  it("inserting and deleting translations moves the content version too", async () => {
    const inserts = {
      cms_content_translations: () =>
        db.insert(schema.cmsContentTranslations).values({ contentId: sectionId("country_portals"), language: "hi", title: "पोर्टल" }),
      article_translations: () =>
        db.insert(schema.articleTranslations).values([
          { articleId: blogPosts()[2].id, language: "hi", title: "पोस्ट" },
          { articleId: newsArticles()[2].id, language: "hi", title: "समाचार" },
        ]),
    };
    for (const [table, insert] of Object.entries(inserts)) {
      const version = await readContentVersion(db);
      await insert();
      const inserted = await readContentVersion(db);
      expect(inserted, `${table} insert`).toBeGreaterThan(version);
      await env.DB.prepare(`DELETE FROM ${table} WHERE language = 'hi' AND title IN ('पोर्टल', 'पोस्ट', 'समाचार')`).run();
      expect(await readContentVersion(db), `${table} delete`).toBeGreaterThan(inserted);
    }
  });
});

describe("the read-time migration", () => {
  it("turns texts stored before minutes into their number, or 5 without one", async () => {
    const migration = (prefix: string) => env.TEST_MIGRATIONS.find((m) => m.name.startsWith(prefix))!.queries;
    const conversion = migration("0015_").filter((query) => query.includes("UPDATE cms_blog_posts"));
    const dropText = migration("0016_").filter((query) => query.includes("cms_blog_posts"));
    expect(conversion).toHaveLength(1);
    expect(dropText).toHaveLength(1);
    // The table as it was then (0028 has since moved its rows into articles): the text column beside the new one.
    await env.DB.prepare(
      "CREATE TABLE cms_blog_posts (id text PRIMARY KEY NOT NULL, title text NOT NULL, read_minutes integer DEFAULT 5 NOT NULL, read_time text DEFAULT '5 min read' NOT NULL)",
    ).run();
    const texts = { "12 min read": 12, "3 min read": 3, "about ten minutes": 5, "": 5, " 7 minutes": 7, "0 min read": 5 };
    await env.DB.batch(
      Object.keys(texts).map((readTime, i) =>
        env.DB.prepare("INSERT INTO cms_blog_posts (id, title, read_minutes, read_time) VALUES (?, ?, 99, ?)").bind(
          `old-${i}`,
          `Old read time ${i}`,
          readTime,
        ),
      ),
    );
    await env.DB.batch([...conversion, ...dropText].map((query) => env.DB.prepare(query)));
    const rows = await env.DB.prepare("SELECT read_minutes FROM cms_blog_posts ORDER BY id").all<{ read_minutes: number }>();
    expect(rows.results.map((row) => row.read_minutes)).toEqual(Object.values(texts));
    const columns = await env.DB.prepare("SELECT name FROM pragma_table_info('cms_blog_posts')").all<{ name: string }>();
    expect(columns.results.map((c) => c.name)).not.toContain("read_time");
    await env.DB.prepare("DROP TABLE cms_blog_posts").run();
  });
});
