import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeDb } from "../../db/client";
import * as schema from "../../db/schema";
import { listProducts, toFtsQuery } from "~/models/products.server";

const db = makeDb(env.DB);

beforeAll(async () => {
  await db.insert(schema.products).values([
    { id: 1, title: "Stainless steel water pump", category: "Industrial", description: "Pumps water", companyName: "Acme Pumps" },
    { id: 2, title: "Garden hose", category: "Home", description: "Works well with a pump", companyName: "Hoses Ltd" },
    { id: 3, title: "Office chair", category: "Office", description: "Comfortable", companyName: "Pumpkin Furniture" },
    { id: 4, title: "Desk lamp", category: "Electronics", description: "LED light", companyName: null },
  ]);
});

describe("product search (FTS5)", () => {
  it("finds by prefix across title, description and company, best match first", async () => {
    const { items, total } = await listProducts(db, { search: "pump" });
    expect(total).toBe(3);
    expect(items[0].title).toBe("Stainless steel water pump");
    expect(items.map((p) => p.id).sort()).toEqual([1, 2, 3]);
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
