// Migrations 0032 (trade-term columns) and 0035 (terms parse) on a database built at the migration
// before them, with listings as they were: free-text minimum orders of every common shape (and
// some that do not parse), JSON-object specifications, plain-text ones, and prices or none.
import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { emptyDatabase } from "../support/database";

const MIGRATION = "0035_terms_parse.sql";
const TERMS = "0032_trade_terms.sql";
const T = Date.UTC(2026, 9, 1);
const sql = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values);

/** id → [minimum order, specifications (JSON text), price, currency] */
const LISTINGS: Record<number, [string | null, string | null, number | null, string]> = {
  1: ["500 pieces", '{"Material":"Brass","Sizes":["DN15","DN50"],"Weight":1.5,"Stock":true}', 4.2, "USD"],
  2: ["1,000 kg", null, 880, "INR"],
  3: ["10 tons", '{"notes":"Cast iron, painted"}', 410, "USD"],
  4: ["1 x 20' container", '{"notes":"Aged rice","Grade":"A","Empty":"","Nothing":null}', 950, "EUR"],
  5: ["MOQ: 200 pcs", null, null, "USD"],
  6: ["Min. order 12,500 sets", null, 3, "USD"],
  7: ["2.5 tons", null, 100, "USD"],
  8: ["1 container (about 25 tons)", '{"Fabric":"Cotton"}', 3, "USD"],
  9: ["Negotiable", null, 9, "USD"],
  10: [null, null, 5, "USD"],
  11: ["  ", null, 5, "USD"],
  12: ["300", null, 2, "JPY"],
  13: ["1x40HQ", null, 20000, "USD"],
  14: ["50 pairs", null, 7, "USD"],
  15: ["100 square metres", null, 12, "USD"],
  16: ["1,5 tons", null, 100, "USD"],
  17: ["0 pieces", null, 1, "USD"],
  18: [null, JSON.stringify(Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`Row ${i + 1}`, `v${i + 1}`]))), 1, "USD"],
};

beforeAll(async () => {
  const names = env.TEST_MIGRATIONS.map((m) => m.name);
  expect(names).toContain(MIGRATION);
  expect(names).toContain(TERMS);
  await emptyDatabase(env.DB);
  await applyD1Migrations(
    env.DB,
    env.TEST_MIGRATIONS.filter((m) => m.name < TERMS),
  );
  await env.DB.batch([
    sql("INSERT INTO users (id, email, password_hash, created_at) VALUES ('u1', 'owner@example.com', 'x', ?)", T),
    sql("INSERT INTO catalogs (id, user_id, company_name, created_at) VALUES ('c1', 'u1', 'Valve Works', ?)", T),
    ...Object.entries(LISTINGS).map(([id, [minimumOrder, specifications, price, currency]]) =>
      sql(
        `INSERT INTO products (id, catalog_id, title, category, price, currency, minimum_order, specifications, created_at)
         VALUES (?, 'c1', ?, 'Industrial', ?, ?, ?, ?, ?)`,
        Number(id),
        `Listing ${id}`,
        price,
        currency,
        minimumOrder,
        specifications,
        T,
      ),
    ),
  ]);
  await applyD1Migrations(
    env.DB,
    env.TEST_MIGRATIONS.filter((m) => m.name >= TERMS && m.name <= MIGRATION),
  );
});

interface Row {
  id: number;
  unit: string;
  moq: number;
  price_tiers: string;
  price_usd: number | null;
  specifications: string | null;
  trade_notes: string | null;
  minimum_order: string | null;
}

async function rows() {
  const { results } = await env.DB.prepare(
    "SELECT id, unit, moq, price_tiers, price_usd, specifications, trade_notes, minimum_order FROM products ORDER BY id",
  ).all<Row>();
  return new Map(results.map((row) => [row.id, row]));
}

describe("migration 0035 (terms parse)", () => {
  it("turns the common minimum orders into an MOQ and a unit, and leaves no note for them", async () => {
    const all = await rows();
    const parsed: Record<number, [string, number]> = {
      1: ["piece", 500],
      2: ["kilogram", 1000],
      3: ["metric_ton", 10],
      4: ["container_20", 1],
      5: ["piece", 200],
      6: ["set", 12500],
      12: ["piece", 300],
      13: ["container_40", 1],
      14: ["pair", 50],
      15: ["square_metre", 100],
    };
    for (const [id, [unit, moq]] of Object.entries(parsed)) {
      const row = all.get(Number(id))!;
      expect({ id: row.id, unit: row.unit, moq: row.moq }).toEqual({ id: Number(id), unit, moq });
      expect(row.trade_notes ?? "", `listing ${id}`).not.toContain("MOQ:");
    }
  });

  it("keeps what does not parse as a note, with the default unit and an MOQ of 1", async () => {
    const all = await rows();
    for (const id of [7, 8, 9, 16, 17]) {
      const row = all.get(id)!;
      expect(row).toMatchObject({ unit: "piece", moq: 1 });
      expect(row.trade_notes).toContain(`MOQ: ${LISTINGS[id][0]!.trim()}`);
    }
    // No minimum order, or a blank one: nothing to note.
    for (const id of [10, 11]) expect(all.get(id)).toMatchObject({ unit: "piece", moq: 1, trade_notes: null });
  });

  it("starts the price tier at the parsed MOQ, and keeps price on request without tiers", async () => {
    const all = await rows();
    expect(JSON.parse(all.get(1)!.price_tiers)).toEqual([{ from: 500, price: 4.2 }]);
    expect(JSON.parse(all.get(2)!.price_tiers)).toEqual([{ from: 1000, price: 880 }]);
    expect(JSON.parse(all.get(6)!.price_tiers)).toEqual([{ from: 12500, price: 3 }]);
    expect(JSON.parse(all.get(9)!.price_tiers)).toEqual([{ from: 1, price: 9 }]);
    expect(JSON.parse(all.get(5)!.price_tiers)).toEqual([]);
    expect(all.get(5)!.price_usd).toBeNull();
    expect(all.get(2)!.price_usd).toBeCloseTo(880 / 88.6, 6);
  });

  it("turns JSON specifications into rows in their order, plain text into notes, past 20 rows into notes", async () => {
    const all = await rows();
    expect(JSON.parse(all.get(1)!.specifications!)).toEqual([
      { name: "Material", value: "Brass" },
      { name: "Sizes", value: '["DN15","DN50"]' },
      { name: "Weight", value: "1.5" },
      { name: "Stock", value: "true" },
    ]);
    expect(all.get(3)).toMatchObject({ specifications: null, trade_notes: "Cast iron, painted" });
    // A note of both kinds: the minimum order's first. Empty and null values are left out.
    expect(JSON.parse(all.get(4)!.specifications!)).toEqual([{ name: "Grade", value: "A" }]);
    expect(all.get(4)!.trade_notes).toBe("Aged rice");
    expect(all.get(8)!.trade_notes).toBe("MOQ: 1 container (about 25 tons)");
    expect(JSON.parse(all.get(8)!.specifications!)).toEqual([{ name: "Fabric", value: "Cotton" }]);
    const many = all.get(18)!;
    expect(JSON.parse(many.specifications!)).toHaveLength(20);
    expect(JSON.parse(many.specifications!)[19]).toEqual({ name: "Row 20", value: "v20" });
    expect(many.trade_notes).toBe("Row 21: v21\nRow 22: v22");
    expect(all.get(2)!.specifications).toBeNull();
  });

  it("leaves the old text where it was and every listing in place", async () => {
    const all = await rows();
    expect(all.size).toBe(Object.keys(LISTINGS).length);
    expect(all.get(1)!.minimum_order).toBe("500 pieces");
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE name = '_terms_parse'").all();
    expect(tables.results).toEqual([]);
  });
});
