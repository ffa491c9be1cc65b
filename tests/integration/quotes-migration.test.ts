// Migration 0019 (quotes) on a database built at the migration before it: requests of the old kind
// (one per checkout, whatever the suppliers, statuses new / in progress / answered / closed) are
// addressed to their suppliers, split per company under the old id as their reference.
import { applyD1Migrations, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { emptyDatabase } from "../support/database";
import { db } from "../support/factories";

const MIGRATION = "0019_quotes.sql";
const T = Date.UTC(2026, 5, 1);
const sql = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values);

beforeAll(async () => {
  expect(env.TEST_MIGRATIONS.map((m) => m.name)).toContain(MIGRATION);
  await emptyDatabase(env.DB);
  await applyD1Migrations(
    env.DB,
    env.TEST_MIGRATIONS.filter((m) => m.name < MIGRATION),
  );
  await env.DB.batch([
    sql(
      "INSERT INTO users (id, email, password_hash, created_at) VALUES ('s1', 's1@example.com', 'x', ?1), ('s2', 's2@example.com', 'x', ?1), ('b1', 'b1@example.com', 'x', ?1)",
      T,
    ),
    sql(
      `INSERT INTO profiles (id, email, full_name, membership_plan, created_at) VALUES
       ('s1', 's1@example.com', 'Supplier One', 'free', ?1), ('s2', 's2@example.com', 'Supplier Two', 'free', ?1),
       ('b1', 'b1@example.com', 'Buyer One', 'free', ?1)`,
      T,
    ),
    sql(
      "INSERT INTO catalogs (id, user_id, company_name, created_at) VALUES ('c1', 's1', 'Valves One', ?1), ('c2', 's2', 'Pumps Two', ?1)",
      T,
    ),
    sql(
      `INSERT INTO products (id, catalog_id, title, category, price, currency, created_at) VALUES
       (1, 'c1', 'Valve A', 'Industrial', 2, 'USD', ?1), (2, 'c1', 'Valve B', 'Industrial', 3, 'USD', ?1),
       (3, 'c2', 'Pump C', 'Industrial', 40, 'USD', ?1)`,
      T,
    ),
    sql(
      `INSERT INTO inquiries (id, user_id, name, email, message, source, status, created_at) VALUES
       ('i1', 'b1', NULL, NULL, 'Whole cart', 'checkout', 'in_progress', ?1),
       ('i2', 'b1', NULL, NULL, 'One valve', 'request_quote', 'answered', ?1 + 1),
       ('i3', NULL, 'Guest', 'guest@example.com', 'Gone product', 'contact_supplier', 'new', ?1 + 2),
       ('i4', 'b1', NULL, NULL, 'Done', 'request_quote', 'closed', ?1 + 3)`,
      T,
    ),
    sql(
      `INSERT INTO inquiry_lines (id, inquiry_id, product_id, title, quantity, unit_price, currency) VALUES
       ('l1', 'i1', 1, 'Valve A', 10, 2, 'USD'), ('l2', 'i1', 3, 'Pump C', 2, 40, 'USD'), ('l3', 'i1', 2, 'Valve B', 5, 3, 'USD'),
       ('l4', 'i2', 2, 'Valve B', 1, 3, 'USD'), ('l5', 'i3', NULL, 'Old product', 1, NULL, 'USD'), ('l6', 'i4', 3, 'Pump C', 1, 40, 'USD')`,
    ),
  ]);
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});

const all = () => db.select().from(schema.inquiries);
const linesOf = async (id: string) =>
  (await db.select().from(schema.inquiryLines).where(eq(schema.inquiryLines.inquiryId, id))).map((l) => l.id).sort();

describe("migration 0019 on a database of old requests", () => {
  it("splits a checkout of two companies into one request each under the old id, lines and all", async () => {
    const group = (await all()).filter((r) => r.groupId === "i1");
    expect(group).toHaveLength(2);
    const toOne = group.find((r) => r.catalogId === "c1")!;
    const toTwo = group.find((r) => r.catalogId === "c2")!;
    expect(toOne).toMatchObject({ id: "i1", supplierId: "s1", userId: "b1", message: "Whole cart", source: "checkout", status: "new" });
    expect(toTwo).toMatchObject({ supplierId: "s2", userId: "b1", message: "Whole cart", source: "checkout", status: "new" });
    expect(toTwo.id).not.toBe("i1");
    expect(toTwo.createdAt.getTime()).toBe(T);
    expect(await linesOf("i1")).toEqual(["l1", "l3"]);
    expect(await linesOf(toTwo.id)).toEqual(["l2"]);
  });

  it("maps the statuses: in progress is new, answered is closed, the rest stay", async () => {
    const byId = new Map((await all()).map((r) => [r.id, r]));
    expect(byId.get("i2")).toMatchObject({ status: "closed", catalogId: "c1", supplierId: "s1", groupId: "i2" });
    expect(byId.get("i4")).toMatchObject({ status: "closed", catalogId: "c2", groupId: "i4" });
    expect(byId.get("i3")).toMatchObject({ status: "new", catalogId: null, supplierId: null, groupId: "i3", name: "Guest" });
  });

  it("keeps every line and request, and leaves them unread for their suppliers", async () => {
    expect(await db.select().from(schema.inquiryLines)).toHaveLength(6);
    const rows = await all();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => r.supplierReadAt === null)).toBe(true);
    const tables = await env.DB.prepare("select name from sqlite_master where name = '_inquiry_split'").all();
    expect(tables.results).toEqual([]);
  });
});
