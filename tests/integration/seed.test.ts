import { env } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  HOME_CATEGORIES,
  PRODUCT_CATEGORIES,
  TOP_PRODUCT_CATEGORIES,
  TOP_SEARCHES,
  TRADE_LEAD_CATEGORIES,
  TRANSLATION_LANGUAGES,
  TRENDING_PRODUCT_CATEGORIES,
} from "~/lib/constants";
import { verifyPassword } from "~/lib/password.server";
import { listProducts } from "~/models/products.server";
import { makeDb } from "../../db/client";
import * as schema from "../../db/schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, listings, PRODUCT_COUNT, SUPPLIER_ACCOUNTS } from "../../db/seed/data";
import { seedDatabase } from "../../db/seed/seed";
import { fetchWorker } from "../support/worker";

const db = makeDb(env.DB);
const tally = async (table: SQLiteTable) => (await db.select({ n: count() }).from(table))[0].n;

describe("the demo seed", () => {
  let firstRun: boolean;
  beforeAll(async () => {
    firstRun = await seedDatabase(env.DB);
  });

  it("fills an empty database with at least 400 products in every home category", async () => {
    expect(firstRun).toBe(true);
    expect(await tally(schema.products)).toBe(listings().length);
    expect(PRODUCT_COUNT).toBeGreaterThanOrEqual(400);
    for (const category of new Set([...TOP_PRODUCT_CATEGORIES, ...TRENDING_PRODUCT_CATEGORIES, ...HOME_CATEGORIES])) {
      const [{ n }] = await db.select({ n: count() }).from(schema.products).where(eq(schema.products.category, category));
      expect(n, category).toBeGreaterThan(0);
    }
  });

  it("exercises the fallbacks: products without price, country or image, in several currencies", async () => {
    const rows = await db.select().from(schema.products);
    expect(rows.some((p) => p.price === null)).toBe(true);
    expect(rows.some((p) => p.country === null)).toBe(true);
    expect(rows.some((p) => p.imageUrl === null)).toBe(true);
    expect(new Set(rows.map((p) => p.currency)).size).toBeGreaterThanOrEqual(4);
  });

  it("gives every listing realistic trade terms: mixed units, MOQs from 1 to 1,000+, tiers or price on request", async () => {
    const rows = await db.select().from(schema.products);
    expect(new Set(rows.map((p) => p.unit)).size).toBeGreaterThanOrEqual(10);
    expect(rows.some((p) => p.moq === 1)).toBe(true);
    expect(rows.some((p) => p.moq >= 1000)).toBe(true);
    for (const tiers of [1, 2, 3, 4])
      expect(
        rows.some((p) => p.priceTiers.length === tiers),
        `${tiers} tiers`,
      ).toBe(true);
    for (const p of rows) {
      // Price on request has no tiers; otherwise the tiers start at the MOQ, ascending, and the
      // list's price, range and USD price follow them.
      if (p.price === null) {
        expect(p).toMatchObject({ priceTiers: [], priceMax: null, priceUsd: null });
        continue;
      }
      expect(p.priceTiers[0].from).toBe(p.moq);
      for (let i = 1; i < p.priceTiers.length; i++) expect(p.priceTiers[i].from).toBeGreaterThan(p.priceTiers[i - 1].from);
      const prices = p.priceTiers.map((t) => t.price);
      expect(p.price).toBe(Math.min(...prices));
      expect(p.priceMax).toBe(p.priceTiers.length > 1 ? Math.max(...prices) : null);
      expect(p.priceUsd).not.toBeNull();
    }
    expect(rows.some((p) => p.samples)).toBe(true);
    expect(rows.some((p) => p.leadTimeMin !== null && p.leadTimeMax !== null)).toBe(true);
    expect(rows.every((p) => p.paymentTerms.length > 0 && p.incoterms.length > 0)).toBe(true);
    expect(rows.filter((p) => Array.isArray(p.specifications)).length).toBeGreaterThan(rows.length / 2);
  });

  it("gives every product a supplier company with an account, a catalog and a company page, in listing categories", async () => {
    const rows = await db
      .select({ product: schema.products, company: schema.catalogs.companyName, owner: schema.users.email })
      .from(schema.products)
      .innerJoin(schema.catalogs, eq(schema.catalogs.id, schema.products.catalogId))
      .innerJoin(schema.users, eq(schema.users.id, schema.catalogs.userId));
    expect(rows).toHaveLength(listings().length);
    for (const { product, company } of rows) {
      expect(product.companyName).toBe(company);
      expect(PRODUCT_CATEGORIES as readonly string[]).toContain(product.category);
    }
    const suppliers = new Set(rows.map((r) => r.product.catalogId));
    expect(suppliers.size).toBeGreaterThanOrEqual(24);
    expect(new Set(rows.map((r) => r.product.country)).size).toBeGreaterThanOrEqual(12);
    // Each home category has a supplier of its own, and the README's supplier account signs in.
    for (const category of HOME_CATEGORIES) expect(rows.some((r) => r.product.category === category)).toBe(true);
    const supplier = await db.select().from(schema.users).where(eq(schema.users.email, SUPPLIER_ACCOUNTS[0].email)).get();
    expect(await verifyPassword(DEMO_PASSWORD, supplier!.passwordHash)).toBe(true);
    const page = await fetchWorker(`http://localhost/companies/${rows[0].product.catalogId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(rows[0].company);
  });

  it("makes every Top Searches term find products", async () => {
    for (const term of TOP_SEARCHES) {
      const { total } = await listProducts(db, { search: term });
      expect(total, term).toBeGreaterThan(0);
    }
  });

  it("has the four plans, managed content, blog drafts, news, forum and leads in all 14 categories", async () => {
    const plans = await db.select().from(schema.membershipPlans).orderBy(schema.membershipPlans.sortOrder);
    expect(plans.map((p) => p.name)).toEqual(["free", "silver", "gold", "platinum"]);
    const hero = await db.select().from(schema.cmsContent).where(eq(schema.cmsContent.sectionKey, "hero")).get();
    expect(hero?.metadata).toMatchObject({ cta_primary: "Join as Buyer", cta_secondary: "Join as Supplier" });
    expect(await db.select().from(schema.cmsContent).where(eq(schema.cmsContent.sectionKey, "trade_blog")).get()).toBeTruthy();
    const articles = await db.select().from(schema.articles);
    const posts = articles.filter((a) => a.kind === "blog");
    expect(posts.some((p) => p.isPublished) && posts.some((p) => !p.isPublished)).toBe(true);
    expect(articles.filter((a) => a.kind === "news" && a.isPublished).length).toBeGreaterThanOrEqual(4);
    const topics = await db.select().from(schema.forumTopics);
    expect(topics.some((t) => t.isPinned) && topics.some((t) => t.isLocked)).toBe(true);
    expect(await tally(schema.forumReplies)).toBeGreaterThan(0);
    expect(await tally(schema.privateMessages)).toBeGreaterThan(0);
    const leads = await db.select().from(schema.tradeLeads);
    expect(new Set(leads.map((l) => l.category))).toEqual(new Set(TRADE_LEAD_CATEGORIES));
    expect(new Set(leads.map((l) => l.leadType))).toEqual(new Set(["buy", "sell"]));
    expect(leads.some((l) => !l.isActive)).toBe(true);
  });

  it("translates every section of the home page into the five other languages, none copied from English", async () => {
    const sections = await db.select().from(schema.cmsContent);
    const translations = await db.select().from(schema.cmsContentTranslations);
    const homeKeys = ["hero", "email_marketing", "success_stories", "what_we_do", "our_goals", "best_services", "trade_blog"];
    for (const key of homeKeys) {
      const original = sections.find((s) => s.sectionKey === key)!;
      for (const language of TRANSLATION_LANGUAGES) {
        const translation = translations.find((t) => t.contentId === original.id && t.language === language);
        expect(translation, `${key} ${language}`).toBeTruthy();
        for (const field of ["title", "subtitle", "content"] as const) {
          if (original[field] === null) continue;
          expect(translation![field], `${key} ${language} ${field}`).toBeTruthy();
          expect(translation![field], `${key} ${language} ${field}`).not.toBe(original[field]);
        }
        if (key === "hero")
          for (const cta of ["cta_primary", "cta_secondary"]) {
            expect(translation!.metadata?.[cta], `${language} ${cta}`).toBeTruthy();
            expect(translation!.metadata?.[cta]).not.toBe(original.metadata?.[cta]);
          }
      }
    }
    // Five languages' texts are five different texts.
    const heroTitles = translations.filter((t) => t.contentId === sections.find((s) => s.sectionKey === "hero")!.id).map((t) => t.title);
    expect(new Set(heroTitles).size).toBe(TRANSLATION_LANGUAGES.length);
  });

  it("stores read times as minutes", async () => {
    const minutes = (await db.select().from(schema.articles)).map((a) => a.readMinutes);
    expect(minutes.length).toBeGreaterThan(0);
    for (const value of minutes) expect(Number.isInteger(value) && value >= 1 && value <= 60, String(value)).toBe(true);
  });

  it("creates a demo account for every plan with a working hashed password", async () => {
    const profiles = await db.select().from(schema.profiles);
    expect(new Set(profiles.map((p) => p.membershipPlan))).toEqual(new Set(["free", "premium", "professional", "enterprise", "admin"]));
    expect(profiles.find((p) => p.fullName === "Premium Test User")?.companyName).toBe("Test Premium Company");
    const free = await db.select().from(schema.users).where(eq(schema.users.email, DEMO_ACCOUNTS[0].email)).get();
    expect(free?.passwordHash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(await verifyPassword(DEMO_PASSWORD, free!.passwordHash)).toBe(true);
    expect(await verifyPassword("wrong-password", free!.passwordHash)).toBe(false);
  });

  it("changes nothing when run again", async () => {
    const tables = [schema.products, schema.users, schema.tradeLeads, schema.cmsContent, schema.cmsContentTranslations];
    const before = await Promise.all(tables.map(tally));
    expect(await seedDatabase(env.DB)).toBe(false);
    const after = await Promise.all(tables.map(tally));
    expect(after).toEqual(before);
  });
});
