// Migration 0018 on a database built at the migration before it, with the membership plans as the
// seed wrote them then (limits repeated among the features) and leads of an earlier import.
import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { membershipPlans } from "../../db/seed/data";
import { emptyDatabase } from "../support/database";
import { db } from "../support/factories";

const MIGRATION = "0018_new_user_defects.sql";
const before = env.TEST_MIGRATIONS.filter((m) => m.name < MIGRATION);

/** The features the seed gave each plan before the cards listed the limits from the plan's numbers. */
const OLD_FEATURES: Record<string, string[]> = {
  free: ["1 product catalog", "Up to 10 products", "Post trade leads", "Browse all products"],
  silver: ["3 product catalogs", "Up to 50 products each", "See trade lead contact details", "Trade Forum access"],
  gold: [
    "10 product catalogs",
    "Up to 200 products each",
    "Priority support",
    "Verified supplier badge",
    "Trade Forum and private messages",
  ],
  platinum: [
    "Unlimited catalogs (up to 100)",
    "Up to 1,000 products each",
    "Dedicated account manager",
    "Featured listings on the home page",
  ],
};
/** A plan an operator changed since: the migration leaves it alone. */
const EDITED = { name: "diamond", features: ["Unlimited catalogs (up to 100)", "Own text"] };

const sql = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values);

beforeAll(async () => {
  expect(env.TEST_MIGRATIONS.map((m) => m.name)).toContain(MIGRATION);
  await emptyDatabase(env.DB);
  await applyD1Migrations(env.DB, before);
  const plans = [
    ...membershipPlans().map((plan) => ({ ...plan, features: OLD_FEATURES[plan.name] })),
    { ...membershipPlans()[3], id: "edited-plan", name: EDITED.name, features: EDITED.features, sortOrder: 5 },
  ];
  await env.DB.batch([
    ...plans.map((plan) =>
      sql(
        `INSERT INTO membership_plans (id, name, display_name, price_monthly, price_yearly, features, max_catalogs,
           max_products_per_catalog, priority_support, featured, sort_order) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        plan.id,
        plan.name,
        plan.displayName,
        plan.priceMonthly,
        plan.priceYearly,
        // As drizzle's JSON column wrote them.
        JSON.stringify(plan.features),
        plan.maxCatalogs,
        plan.maxProductsPerCatalog,
        plan.prioritySupport ? 1 : 0,
        plan.featured ? 1 : 0,
        plan.sortOrder,
      ),
    ),
    sql(
      `INSERT INTO leads (id, company_name, email, created_at) VALUES
       ('l1', 'Acme Trading', 'Buyer@Acme.example', 1), ('l2', 'Acme Trading', NULL, 2), ('l3', 'Other Co', 'x@other.example', 3)`,
    ),
  ]);
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
});

describe("migration 0018 on a database with data", () => {
  it("gives every seeded plan the features the seed writes now, changing nothing else", async () => {
    const rows = await db.select().from(schema.membershipPlans).orderBy(schema.membershipPlans.sortOrder);
    expect(rows.filter((row) => row.name !== EDITED.name)).toEqual(membershipPlans());
  });

  it("leaves a plan whose features were changed since as it is", async () => {
    const rows = await db.select().from(schema.membershipPlans);
    expect(rows.find((row) => row.name === EDITED.name)?.features).toEqual(EDITED.features);
  });

  it("indexes the leads already there, by company and e-mail ignoring case", async () => {
    const { results } = await sql(
      `SELECT id FROM leads INDEXED BY leads_company_email_idx
       WHERE company_name = 'ACME TRADING' COLLATE NOCASE AND coalesce(email, '') = 'buyer@acme.EXAMPLE' COLLATE NOCASE AND created_at < 10`,
    ).all<{ id: string }>();
    expect(results.map((r) => r.id)).toEqual(["l1"]);
  });
});
