import { env } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { HOME_CATEGORIES, TOP_PRODUCT_CATEGORIES, TOP_SEARCHES, TRADE_LEAD_CATEGORIES, TRENDING_PRODUCT_CATEGORIES } from "~/lib/constants";
import { verifyPassword } from "~/lib/password.server";
import { listProducts } from "~/models/products.server";
import { makeDb } from "../../db/client";
import * as schema from "../../db/schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, PRODUCT_COUNT } from "../../db/seed/data";
import { seedDatabase } from "../../db/seed/seed";

const db = makeDb(env.DB);
const tally = async (table: SQLiteTable) => (await db.select({ n: count() }).from(table))[0].n;

describe("the demo seed", () => {
  let firstRun: boolean;
  beforeAll(async () => {
    firstRun = await seedDatabase(env.DB);
  });

  it("fills an empty database with at least 400 products in every home category", async () => {
    expect(firstRun).toBe(true);
    expect(await tally(schema.products)).toBe(PRODUCT_COUNT);
    expect(PRODUCT_COUNT).toBeGreaterThanOrEqual(400);
    for (const category of new Set([...TOP_PRODUCT_CATEGORIES, ...TRENDING_PRODUCT_CATEGORIES, ...HOME_CATEGORIES])) {
      const [{ n }] = await db.select({ n: count() }).from(schema.products).where(eq(schema.products.category, category));
      expect(n, category).toBeGreaterThan(0);
    }
  });

  it("exercises the fallbacks: products without price, company, country or image, in several currencies", async () => {
    const rows = await db.select().from(schema.products);
    expect(rows.some((p) => p.price === null)).toBe(true);
    expect(rows.some((p) => p.companyName === null)).toBe(true);
    expect(rows.some((p) => p.country === null)).toBe(true);
    expect(rows.some((p) => p.imageUrl === null)).toBe(true);
    expect(new Set(rows.map((p) => p.currency)).size).toBeGreaterThanOrEqual(4);
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
    const posts = await db.select().from(schema.cmsBlogPosts);
    expect(posts.some((p) => p.isPublished) && posts.some((p) => !p.isPublished)).toBe(true);
    expect(await tally(schema.newsArticles)).toBeGreaterThanOrEqual(4);
    const topics = await db.select().from(schema.forumTopics);
    expect(topics.some((t) => t.isPinned) && topics.some((t) => t.isLocked)).toBe(true);
    expect(await tally(schema.forumReplies)).toBeGreaterThan(0);
    expect(await tally(schema.privateMessages)).toBeGreaterThan(0);
    const leads = await db.select().from(schema.tradeLeads);
    expect(new Set(leads.map((l) => l.category))).toEqual(new Set(TRADE_LEAD_CATEGORIES));
    expect(new Set(leads.map((l) => l.leadType))).toEqual(new Set(["buy", "sell"]));
    expect(leads.some((l) => !l.isActive)).toBe(true);
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
    const before = await Promise.all([schema.products, schema.users, schema.tradeLeads, schema.cmsContent].map(tally));
    expect(await seedDatabase(env.DB)).toBe(false);
    const after = await Promise.all([schema.products, schema.users, schema.tradeLeads, schema.cmsContent].map(tally));
    expect(after).toEqual(before);
  });
});
