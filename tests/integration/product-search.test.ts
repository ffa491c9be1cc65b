import { env } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { PRODUCTS_PAGE_SIZE, SEARCH_COUNT_CAP, SEARCH_PAGE_MAX, SEARCH_RANK_WINDOW } from "~/lib/constants";
import { pageCount } from "~/lib/url";
import { listProducts, toFtsQuery } from "~/models/products.server";
import { makeDb } from "../../db/client";
import * as schema from "../../db/schema";
import { createCompany, get, loaderData, withCompany } from "../support/factories";

const db = makeDb(env.DB);

beforeAll(async () => {
  await db.insert(schema.products).values(
    await withCompany([
      { id: 1, title: "Stainless steel water pump", category: "Industrial", description: "Pumps water", companyName: "Acme Pumps" },
      { id: 2, title: "Garden hose", category: "Home", description: "Works well with a pump", companyName: "Hoses Ltd" },
      { id: 3, title: "Office chair", category: "Office", description: "Comfortable", companyName: "Pumpkin Furniture" },
      { id: 4, title: "Desk lamp", category: "Electronics", description: "LED light", companyName: null },
    ]),
  );
});

describe("product search (FTS5)", () => {
  it("finds by prefix across title, description and company, best match first", async () => {
    const { items, total } = await listProducts(db, { search: "pump" });
    expect(total).toBe(3);
    expect(items[0].title).toBe("Stainless steel water pump");
    expect(items.map((p) => p.id).sort()).toEqual([1, 2, 3]);
  });

  it("ranks what a product is (title, category) above who sells it", async () => {
    await db.insert(schema.products).values(
      await withCompany([
        { id: 101, title: "PVC resin SG-5", category: "Chemicals", description: "Suspension grade", companyName: "Bangkok Rice Mills" },
        { id: 102, title: "Centrifugal pump", category: "Industrial", description: "Cast iron", companyName: "Bangkok Rice Mills" },
        { id: 103, title: "Jasmine rice 5% broken", category: "Agriculture", description: "New crop", companyName: "Delta Foods" },
        { id: 104, title: "Organic grains", category: "Rice and grains", description: "Mixed", companyName: "Farm Co" },
        { id: 105, title: "Long grain parboiled rice", category: "Agriculture", description: "Sortexed", companyName: "Mekong Traders" },
      ]),
    );
    const { items } = await listProducts(db, { search: "rice" });
    const ids = items.map((p) => p.id);
    const sellerOnly = ids.filter((id) => id === 101 || id === 102);
    const isRice = ids.filter((id) => id === 103 || id === 104 || id === 105);
    expect(Math.max(...isRice.map((id) => ids.indexOf(id)))).toBeLessThan(Math.min(...sellerOnly.map((id) => ids.indexOf(id))));
    await db.delete(schema.products).where(inArray(schema.products.id, [101, 102, 103, 104, 105]));
  });

  it("follows updates and deletes through the triggers", async () => {
    await db.update(schema.products).set({ title: "Desk lamp with USB charger" }).where(eq(schema.products.id, 4));
    expect((await listProducts(db, { search: "usb" })).total).toBe(1);
    await db.delete(schema.products).where(eq(schema.products.id, 4));
    expect((await listProducts(db, { search: "lamp" })).total).toBe(0);
  });

  it("combines with a case-insensitive category contains-match", async () => {
    expect((await listProducts(db, { search: "pump", category: "INDUS" })).total).toBe(1);
  });

  it.each([
    ["an unbalanced quote", '"pump', 3],
    ["operators as words", "pump* OR NOT", 0],
    ["a NEAR group", "NEAR(pump chair)", 0],
    ["a leading minus", "-pump", 3],
    ["a dangling AND", "pump AND", 0],
    ["5,000 characters", "x".repeat(5000), 0],
    ["a lone star", "*", 0],
  ] as const)("never fails on input FTS5 would choke on: %s", async (_label, term, expected) => {
    expect((await listProducts(db, { search: term })).total).toBe(expected);
  });

  it("quotes every word so operators lose their meaning", () => {
    expect(toFtsQuery('hair "wigs" AND *')).toBe('"hair"* "wigs"* "and"*');
    expect(toFtsQuery("  ** ")).toBeNull();
  });
});

/** `count` products with ids from `firstId` up (newest last), generated inside SQLite in one statement. */
async function insertProducts(firstId: number, count: number, title: string, category = "Bulk Goods") {
  const { catalog } = await createCompany("Bulk Goods Co");
  await env.DB.prepare(
    `with recursive seq(i) as (select 0 union all select i + 1 from seq where i < ?2 - 1)
     insert into products (id, catalog_id, title, category, currency, created_at) select ?1 + i, ?6, ?3, ?4, 'USD', ?5 + i from seq`,
  )
    .bind(firstId, count, title, category, Date.UTC(2026, 0, 1), catalog.id)
    .run();
}

describe("a common word ranks its newest matches only", () => {
  // Two pages more than the window; the oldest and one inside the window are the best matches.
  const first = 100_001;
  const matches = SEARCH_RANK_WINDOW + 2 * PRODUCTS_PAGE_SIZE;
  const newest = first + matches - 1;
  const outsideWindow = first;
  const insideWindow = newest - 100;

  beforeAll(async () => {
    await insertProducts(first, matches, "Plain widget for bulk buyers worldwide");
    for (const id of [outsideWindow, insideWindow]) {
      await db.update(schema.products).set({ title: "Widget" }).where(eq(schema.products.id, id));
    }
  });

  it("counts every match but shows only the window's pages, and says so", async () => {
    const result = await listProducts(db, { search: "widget" });
    expect(result.total).toBe(matches);
    expect(result.pageCap).toBe(SEARCH_PAGE_MAX);
    expect(pageCount(result.total, PRODUCTS_PAGE_SIZE, result.pageCap)).toEqual({ pages: SEARCH_PAGE_MAX, capped: true });
  });

  it("puts the best match of the window first; an older one outside it is never ranked", async () => {
    const { items } = await listProducts(db, { search: "widget" });
    // Same score as the older one, which would win the tie (lower id) if it were ranked.
    expect(items[0].id).toBe(insideWindow);
    const lastPage = await listProducts(db, { search: "widget", page: SEARCH_PAGE_MAX });
    expect(lastPage.items).toHaveLength(PRODUCTS_PAGE_SIZE);
    expect(Math.min(...lastPage.items.map((p) => p.id))).toBeGreaterThan(newest - SEARCH_RANK_WINDOW);
  });

  it("reads a page past the cap as the cap's page and shows the page-cap message", async () => {
    expect((await listProducts(db, { search: "widget", page: SEARCH_PAGE_MAX + 1 })).page).toBe(SEARCH_PAGE_MAX);
    const data = await loaderData<{ page: number; pages: number; capped: boolean }>(
      "/products?search=widget&page=150",
      "routes/products._index",
    );
    expect(data).toMatchObject({ page: SEARCH_PAGE_MAX, pages: SEARCH_PAGE_MAX, capped: true });
    const html = await (await get("/products?search=widget")).text();
    expect(html).toContain(`Only the first ${SEARCH_PAGE_MAX} pages are shown.`);
    expect(html).toMatch(new RegExp(`data-testid="found-count">Found ${matches.toLocaleString("en")} products<`));
  });

  it("still counts exactly up to SEARCH_COUNT_CAP and says 'Found 10,000+' past it", async () => {
    await insertProducts(200_001, SEARCH_COUNT_CAP, "Gadget case");
    expect((await listProducts(db, { search: "gadget" })).total).toBe(SEARCH_COUNT_CAP);
    await insertProducts(200_001 + SEARCH_COUNT_CAP, 1, "Gadget case");
    expect((await listProducts(db, { search: "gadget" })).total).toBe(SEARCH_COUNT_CAP + 1);
    expect(await (await get("/products?search=gadget")).text()).toContain("Found 10,000+ products");
  });
});

describe("search within a category stays exact", () => {
  beforeAll(async () => {
    await db.insert(schema.products).values(
      await withCompany([
        { id: 300_001, title: "Toaster", category: "Kitchen Electronics" },
        { id: 300_002, title: "Toaster", category: "Electronics" },
        { id: 300_003, title: "Sprinkler", category: "Home & Garden" },
        { id: 300_004, title: "Sprinkler", category: "Home, Garden Tools" },
      ]),
    );
  });

  it.each([
    ["kitchen e", "toaster", [300_001]],
    ["electronics", "toaster", [300_002, 300_001]],
    // 'home & g' matches only 'Home & Garden', whose words another category shares.
    ["home & g", "sprinkler", [300_003]],
  ] as const)("category %j finds %s in those categories only", async (category, search, ids) => {
    const { items, total } = await listProducts(db, { search, category });
    expect(total).toBe(ids.length);
    expect(items.map((p) => p.id).sort()).toEqual([...ids].sort());
  });
});
