// Migration 0017 (one listing model) on a database built at the migration before it, with rows of
// every kind it moves: catalog products (price ranges, known, unknown and empty categories, plain
// and JSON specifications, images), products without a company, and cart and request lines that
// point at products.
import { applyD1Migrations, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/lib/password.server";
import { listProducts } from "~/models/products.server";
import * as schema from "../../db/schema";
import { emptyDatabase } from "../support/database";
import { db, get } from "../support/factories";

const MIGRATION = "0017_one_listing_model.sql";
const before = env.TEST_MIGRATIONS.filter((m) => m.name < MIGRATION);

const T = Date.UTC(2026, 5, 1);
const sql = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values);

beforeAll(async () => {
  expect(env.TEST_MIGRATIONS.map((m) => m.name)).toContain(MIGRATION);
  await emptyDatabase(env.DB);
  await applyD1Migrations(env.DB, before);
  await env.DB.batch([
    sql("INSERT INTO users (id, email, password_hash, created_at) VALUES ('u1', 'owner@example.com', 'x', ?)", T),
    sql(
      `INSERT INTO profiles (id, email, full_name, company_name, country, membership_plan, created_at)
       VALUES ('u1', 'owner@example.com', 'Owner', 'Valve Works', 'Poland', 'premium', ?)`,
      T,
    ),
    sql("INSERT INTO catalogs (id, user_id, company_name, created_at) VALUES ('c1', 'u1', 'Valve Works', ?)", T),
    sql("INSERT INTO catalogs (id, user_id, company_name, created_at) VALUES ('c2', 'u1', 'Valve Works Export', ?)", T),
    // Catalog products, as My Catalog stored them before.
    sql(
      `INSERT INTO catalog_products (id, catalog_id, product_name, product_description, category, price_range, minimum_order,
         specifications, image_urls, created_at) VALUES
       ('cp1', 'c1', 'Brass ball valve', 'DN15 to DN50', 'Industrial', '$2 - $9', '100 pieces', '{"Material":"Brass"}',
         '["/images/catalog/c1/1-a.png","/images/catalog/c1/2-b.png"]', ?1),
       ('cp2', 'c1', 'Gate valve', NULL, 'Valves & Fittings', NULL, NULL, NULL, '[]', ?1 + 1),
       ('cp3', 'c2', 'Check valve', NULL, '  ', 'on request', NULL, '{"notes":"Cast iron"}', '[]', ?1 + 2),
       ('cp4', 'c2', 'Butterfly valve', NULL, 'Plumbing', '$5', NULL, '{"Size":"DN100"}', '["/images/catalog/c2/3-c.webp"]', ?1 + 3)`,
      T,
    ),
    // Products as the first demo data stored them: a company name and a country, no company.
    sql(
      `INSERT INTO products (id, title, category, description, price, currency, image_url, company_name, country, created_at) VALUES
       (1, 'Jasmine rice', 'Agriculture', 'New crop', 410, 'USD', '/images/products/agriculture.svg', 'Bangkok Rice Mills', 'Thailand', ?1),
       (2, 'Parboiled rice', 'Agriculture', NULL, NULL, 'USD', NULL, 'Bangkok Rice Mills', NULL, ?1 + 1),
       (3, 'Desk lamp', 'Electronics', NULL, 12, 'EUR', NULL, NULL, NULL, ?1 + 2),
       (4, 'Office chair', 'Office', NULL, 80, 'USD', NULL, '  ', 'Poland', ?1 + 3)`,
      T,
    ),
    sql("INSERT INTO carts (id, user_id, created_at, updated_at) VALUES ('cart1', 'u1', ?1, ?1)", T),
    sql("INSERT INTO cart_items (id, cart_id, product_id, quantity, created_at) VALUES ('ci1', 'cart1', 2, 3, ?)", T),
    sql("INSERT INTO inquiries (id, user_id, message, source, created_at) VALUES ('i1', 'u1', 'Price?', 'cart', ?)", T),
    sql("INSERT INTO inquiry_lines (id, inquiry_id, product_id, title, quantity) VALUES ('il1', 'i1', 1, 'Jasmine rice', 2)"),
  ]);
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});

const all = () => db.select().from(schema.products).orderBy(schema.products.createdAt, schema.products.id);
const byTitle = async (title: string) => (await all()).find((p) => p.title === title)!;

describe("migration 0017 on a database with data", () => {
  it("keeps every product and turns every catalog product into one, losing no row", async () => {
    const rows = await all();
    expect(rows).toHaveLength(4 + 4);
    // The products keep their ids (cart and request lines point at them).
    expect(rows.filter((p) => p.id <= 4).map((p) => p.title)).toEqual(["Jasmine rice", "Parboiled rice", "Desk lamp", "Office chair"]);
    expect(await db.select().from(schema.cartItems)).toMatchObject([{ id: "ci1", productId: 2, quantity: 3 }]);
    expect(await db.select().from(schema.inquiryLines)).toMatchObject([{ id: "il1", productId: 1 }]);
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'catalog_products'").all();
    expect(tables.results).toEqual([]);
  });

  it("moves a catalog product's fields, keeping a price range and an unknown category among its specifications", async () => {
    expect(await byTitle("Brass ball valve")).toMatchObject({
      catalogId: "c1",
      category: "Industrial",
      description: "DN15 to DN50",
      price: null,
      currency: "USD",
      // Migration 0035 since: the minimum order parsed, the specifications as rows.
      unit: "piece",
      moq: 100,
      specifications: [
        { name: "Material", value: "Brass" },
        { name: "Price range", value: "$2 - $9" },
      ],
      imageUrl: "/images/catalog/c1/1-a.png",
      imageUrls: ["/images/catalog/c1/1-a.png", "/images/catalog/c1/2-b.png"],
      companyName: "Valve Works",
      country: "Poland",
      createdAt: new Date(T),
    });
    expect(await byTitle("Gate valve")).toMatchObject({
      category: "Other",
      specifications: [{ name: "Category", value: "Valves & Fittings" }],
      imageUrl: null,
      imageUrls: [],
    });
    expect(await byTitle("Check valve")).toMatchObject({
      catalogId: "c2",
      category: "Other",
      specifications: [{ name: "Price range", value: "on request" }],
      tradeNotes: "Cast iron",
      companyName: "Valve Works Export",
    });
    expect(await byTitle("Butterfly valve")).toMatchObject({
      category: "Other",
      specifications: [
        { name: "Size", value: "DN100" },
        { name: "Price range", value: "$5" },
        { name: "Category", value: "Plumbing" },
      ],
      imageUrls: ["/images/catalog/c2/3-c.webp"],
    });
  });

  it("gives products without a company one per company name, owned by an account that cannot sign in", async () => {
    const [jasmine, parboiled, lamp, chair] = (await all()).filter((p) => p.id <= 4);
    expect(jasmine.catalogId).toBe(parboiled.catalogId);
    expect(jasmine).toMatchObject({
      companyName: "Bangkok Rice Mills",
      country: "Thailand",
      imageUrls: ["/images/products/agriculture.svg"],
    });
    expect(parboiled).toMatchObject({ companyName: "Bangkok Rice Mills", country: null, imageUrls: [] });
    // A missing or blank name becomes one company for all of them.
    expect(lamp.companyName).toBe("Independent Supplier");
    expect(chair.companyName).toBe("Independent Supplier");
    expect(chair.catalogId).toBe(lamp.catalogId);

    const company = await db.select().from(schema.catalogs).where(eq(schema.catalogs.id, jasmine.catalogId!)).get();
    expect(company).toMatchObject({ companyName: "Bangkok Rice Mills", isPremium: true });
    const profile = await db.select().from(schema.profiles).where(eq(schema.profiles.id, company!.userId)).get();
    expect(profile).toMatchObject({ companyName: "Bangkok Rice Mills", country: "Thailand", membershipPlan: "enterprise" });
    const account = await db.select().from(schema.users).where(eq(schema.users.id, company!.userId)).get();
    expect(account!.passwordHash).toBe("!");
    expect(await verifyPassword("!", account!.passwordHash)).toBe(false);
    expect(await verifyPassword("", account!.passwordHash)).toBe(false);
    expect((await get(`/companies/${jasmine.catalogId}`)).status).toBe(200);
  });

  it("indexes the moved listings for search and the category counts, and serves their pages", async () => {
    expect((await listProducts(db, { search: "butterfly" })).items.map((p) => p.title)).toEqual(["Butterfly valve"]);
    expect((await listProducts(db, { search: "valve" })).total).toBe(4);
    expect((await listProducts(db, { category: "Other" })).total).toBe(3);
    const valve = await byTitle("Brass ball valve");
    const page = await (await get(`/product/${valve.id}`)).text();
    expect(page).toContain("Brass ball valve");
    expect(page).toContain("$2 - $9");
    expect(page).toContain(`href="/companies/c1"`);
  });

  it("refuses a product without a company from now on, and keeps company names and countries in step", async () => {
    await expect(
      sql("INSERT INTO products (title, category, currency, created_at) VALUES ('Orphan', 'Other', 'USD', ?)", T).run(),
    ).rejects.toThrow(/NOT NULL constraint failed: products.catalog_id/);
    await expect(sql("UPDATE products SET catalog_id = NULL WHERE id = 1").run()).rejects.toThrow(/products.catalog_id/);
    await sql("UPDATE catalogs SET company_name = 'Valve Works Sp. z o.o.' WHERE id = 'c1'").run();
    await sql("UPDATE profiles SET country = 'Germany' WHERE id = 'u1'").run();
    expect(await byTitle("Brass ball valve")).toMatchObject({ companyName: "Valve Works Sp. z o.o.", country: "Germany" });
    expect(await byTitle("Check valve")).toMatchObject({ companyName: "Valve Works Export", country: "Germany" });
    // Search follows the new name (the full-text index reads the product row).
    expect((await listProducts(db, { search: "z o.o" })).total).toBe(2);
  });

  it("deletes a company's listings with it", async () => {
    await sql("DELETE FROM catalogs WHERE id = 'c2'").run();
    expect((await all()).filter((p) => p.catalogId === "c2")).toEqual([]);
    expect((await listProducts(db, { search: "butterfly" })).total).toBe(0);
  });
});
