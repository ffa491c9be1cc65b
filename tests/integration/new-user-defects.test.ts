// What a new user tripped over, walking every screen: one describe each, numbered as reported.
// (Others sit with their subject: messages.test.ts, catalogs.test.ts, cart.test.ts,
// product-search.test.ts, leads-import.test.ts.)
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ARTICLE_PAGE_SIZE } from "~/lib/constants";
import type { ParsedLead } from "~/lib/lead-csv";
import { COUNT_ALREADY_IMPORTED, leadInserts } from "~/models/lead-imports.server";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { db, editedElsewhere, get, ORIGIN, withCompany } from "../support/factories";

const emptyLead: ParsedLead = {
  companyName: "",
  contactName: null,
  email: null,
  phone: null,
  country: null,
  industry: null,
  status: null,
  notes: null,
};

beforeAll(async () => {
  await db.insert(schema.membershipPlans).values(membershipPlans());
  // 5 rows a statement: D1 binds at most 100 parameters, and drizzle binds each column's default.
  for (let from = 0; from < 60; from += 5) {
    const rows = Array.from({ length: 5 }, (_, i) => from + i);
    await db
      .insert(schema.products)
      .values(
        await withCompany(rows.map((n) => ({ title: `Defect probe ${n}`, category: n % 2 ? "Electronics" : "Technology", price: 1 }))),
      );
  }
});

/** The main navigation's items marked as the current page. */
const currentItems = (html: string) => {
  const nav = html.match(/<nav aria-label="Main navigation" class="hidden[^>]*>[\s\S]*?<\/nav>/)?.[0] ?? "";
  return [...nav.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
};

describe("6. the navigation marks only the current item", () => {
  it.each([
    ["/products", ["Products"]],
    ["/products?category=Electronics", ["Electronics"]],
    ["/products?category=Technology&page=2", ["Technology"]],
    ["/", ["Home"]],
    ["/trade-leads?tab=buy", ["Trade Leads"]],
    ["/product/1", []],
  ])("%s marks %j", async (path, expected) => {
    expect(currentItems(await (await get(path)).text())).toEqual(expected);
  });
});

describe("8. a page past the last one says which pages exist", () => {
  it("offers the last page instead of 'no products found' beside the count", async () => {
    const html = await (await get("/products?page=10")).text();
    expect(html).toContain("Found 60 products");
    expect(html).not.toContain("No products found matching your criteria.");
    expect(html).toContain("There are only 2 pages of results.");
    expect(html).toMatch(/href="\/products\?page=2"[^>]*>Go to page 2</);
  });
});

describe("10. membership plan cards", () => {
  it("list each limit once, from the plan's own numbers, with no 'unlimited' that has a limit", async () => {
    const html = await (await get("/membership")).text();
    const cards = html.split('type="radio"').slice(1);
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      const items = [...card.replaceAll("<!-- -->", "").matchAll(/<li>✓ ([^<]*)<\/li>/g)].map((m) => m[1]);
      expect(new Set(items).size, items.join(" | ")).toBe(items.length);
      expect(items.filter((item) => /catalog/i.test(item) && !/per catalog/i.test(item))).toHaveLength(1);
    }
    expect(html).not.toMatch(/unlimited/i);
    expect(html).toContain("100 product catalogs");
    expect(html.replaceAll("<!-- -->", "")).toContain("✓ 1 product catalog<");
  });

  it("speaks the page's language", async () => {
    const html = await (await get("/membership?lng=fr")).text();
    expect(html).toContain("Publier des opportunités commerciales");
    expect(html).not.toContain("Post trade leads");
  });
});

describe("11. importing again finds earlier leads through an index", () => {
  it("counts and skips rows matching earlier imports by searching leads_company_email_idx on all three terms", async () => {
    const row: ParsedLead = { ...emptyLead, companyName: "Acme Trading", email: "buyer@acme.example" };
    const [insert] = leadInserts(null, [row], Date.now(), true);
    const statements = [
      env.DB.prepare(`explain query plan ${COUNT_ALREADY_IMPORTED}`).bind(insert.params[0], Date.now()),
      env.DB.prepare(`explain query plan ${insert.sql}`).bind(...insert.params),
    ];
    for (const statement of statements) {
      const { results } = await statement.all<{ detail: string }>();
      const lookup = results.map((r) => r.detail).find((detail) => detail.includes(" l "));
      expect(lookup).toMatch(
        /^SEARCH l USING (COVERING )?INDEX leads_company_email_idx \(company_name=\? AND <expr>=\? AND created_at<\?\)$/,
      );
    }
  });
});

describe("12. Trade News has an index of every article", () => {
  const T = Date.UTC(2026, 3, 1);
  const titles = Array.from({ length: 14 }, (_, i) => `Index probe news ${String(i + 1).padStart(2, "0")}`);

  beforeAll(async () => {
    // Newest first: probe 01 is the newest. Seven rows a statement: D1 allows 100 bound parameters.
    const rows = titles.map((title, i) => ({
      kind: "news" as const,
      title,
      excerpt: `About ${title}`,
      content: "Body",
      isPublished: true,
      publishDate: new Date(T - i * 3_600_000),
    }));
    const articles = [];
    for (let i = 0; i < rows.length; i += 7)
      articles.push(
        ...(await db
          .insert(schema.articles)
          .values(rows.slice(i, i + 7))
          .returning({ id: schema.articles.id })),
      );
    await db.insert(schema.articleTranslations).values({ articleId: articles[1].id, language: "fr", title: "Sonde d'index traduite" });
    editedElsewhere();
  });

  const titlesIn = (html: string) => [...html.matchAll(/Index probe news \d\d/g)].map((m) => m[0]);

  it("lists the newest articles a page at a time, linking each to its page, for the edge cache", async () => {
    const response = await get("/news");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/^public, .*s-maxage=\d+/);
    const html = await response.text();
    expect(html).toMatch(/<h1[^>]*>Trade News<\/h1>/);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/news"/>`);
    expect([...new Set(titlesIn(html))]).toEqual(titles.slice(0, ARTICLE_PAGE_SIZE));
    expect(html).toMatch(/href="\/news\/[^"]+"/);
    expect(html).toContain("Page 1 of 2");

    const second = await (await get("/news?page=2")).text();
    expect([...new Set(titlesIn(second))]).toEqual(titles.slice(ARTICLE_PAGE_SIZE));
    expect(second).toContain(`<link rel="canonical" href="${ORIGIN}/news?page=2"/>`);
  });

  it("says which pages exist past the last one", async () => {
    const html = await (await get("/news?page=9")).text();
    expect(titlesIn(html)).toEqual([]);
    expect(html).toContain("There are only 2 pages of results.");
    expect(html).toMatch(/href="\/news\?page=2"[^>]*>Go to page 2</);
  });

  it("speaks the reader's language, with an article's English text where it has no translation", async () => {
    const html = await (await get("/news?lng=fr")).text();
    expect(html).toMatch(/<h1[^>]*>Actualités du commerce<\/h1>/);
    expect(html).toMatch(/<h2[^>]*><a [^>]*>Sonde d&#x27;index traduite<\/a><\/h2>/);
    // Field by field: the translation has no excerpt, so the English one stands.
    expect(html).toContain("About Index probe news 02");
    expect(html).not.toMatch(/<h2[^>]*><a [^>]*>Index probe news 02<\/a><\/h2>/);
    expect(html).toMatch(/<h2[^>]*><a [^>]*>Index probe news 03<\/a><\/h2>/);
  });

  it("is linked from the home page's strip, the articles and the sitemap", async () => {
    const home = await (await get("/")).text();
    const strip = home.match(/data-testid="trade-news"[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(strip).toMatch(/<a [^>]*href="\/news"[^>]*>All trade news<\/a>/);
    const [article] = await db.select({ id: schema.articles.id }).from(schema.articles).where(eq(schema.articles.kind, "news")).limit(1);
    expect(await (await get(`/news/${article.id}`)).text()).toMatch(/<a [^>]*href="\/news"[^>]*>← <!-- -->Back to Trade News<\/a>/);
    expect(await (await get("/sitemap.xml")).text()).toContain(`<loc>${ORIGIN}/news</loc>`);
  });
});
