import { count, getTableColumns, isNotNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { D1_MAX_BOUND_PARAMETERS } from "../../app/lib/constants";
import { hashPassword } from "../../app/lib/password.server";
import { makeDb, type Database } from "../../db/client";
import * as schema from "../schema";
import * as data from "./data";

/** D1 allows 100 bound parameters per statement, so rows go in as many statements as needed. */
function insertInChunks<T extends SQLiteTable>(db: Database, table: T, rows: T["$inferInsert"][]) {
  const perRow = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.floor(D1_MAX_BOUND_PARAMETERS / perRow));
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += size) {
    statements.push(
      db
        .insert(table)
        .values(rows.slice(i, i + size))
        .onConflictDoNothing(),
    );
  }
  return statements;
}

/**
 * Loads the demo data into an empty database; a database that already has data is left as it
 * is, so running it again changes nothing. Returns whether it wrote anything.
 */
export async function seedDatabase(d1: D1Database) {
  const db = makeDb(d1);
  const [{ plans }] = await db.select({ plans: count() }).from(schema.membershipPlans);
  if (plans > 0) return false;

  const passwordHash = await hashPassword(data.DEMO_PASSWORD);
  const accounts = [...data.DEMO_ACCOUNTS, ...data.SUPPLIER_ACCOUNTS];
  const forum = data.forum();
  const statements = [
    ...insertInChunks(
      db,
      schema.users,
      // The demo accounts are verified, as if each had opened its link.
      accounts.map((a) => ({ id: a.id, email: a.email, passwordHash, emailVerifiedAt: new Date() })),
    ),
    ...insertInChunks(
      db,
      schema.profiles,
      accounts.map((a) => ({
        id: a.id,
        email: a.email,
        fullName: a.fullName,
        companyName: a.companyName,
        country: a.country,
        businessType: "Buy Sell Products" as const,
        membershipPlan: a.plan,
      })),
    ),
    // Companies before their listings (products name their catalog).
    ...insertInChunks(db, schema.catalogs, [...data.supplierCompanies(), ...data.catalogs()]),
    ...insertInChunks(db, schema.products, data.listings()),
    // Each listing's USD price at the stored rates, as every write of a listing keeps it.
    db
      .update(schema.products)
      .set({ priceUsd: sql`${schema.products.price} / (select per_usd from exchange_rates where currency = ${schema.products.currency})` })
      .where(isNotNull(schema.products.price)),
    ...insertInChunks(db, schema.cmsContent, data.cmsContent()),
    ...insertInChunks(db, schema.cmsContentTranslations, data.cmsContentTranslations()),
    ...insertInChunks(db, schema.articles, [...data.blogPosts(), ...data.newsArticles()]),
    ...insertInChunks(db, schema.tradeLeads, data.tradeLeads()),
    ...insertInChunks(db, schema.forumCategories, forum.categories),
    ...insertInChunks(db, schema.forumTopics, forum.topics),
    ...insertInChunks(db, schema.forumReplies, forum.replies),
    ...insertInChunks(db, schema.privateMessages, data.privateMessages()),
    // Plans last: their presence is what marks the database as seeded.
    ...insertInChunks(db, schema.membershipPlans, data.membershipPlans()),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return true;
}
