import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import {
  CATEGORY_FILTER_MAX_LENGTH,
  PAGE_MAX,
  PRODUCTS_PAGE_SIZE,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_MAX,
  SEARCH_RANK_WINDOW,
  SEARCH_TERM_MAX_LENGTH,
} from "~/lib/constants";
import { containsText } from "~/lib/sql.server";
import { contentVersionQuery, cachedForContentVersion, versionOf } from "~/models/content-version.server";
import type { Database } from "../../db/client";
import { catalogs, productCategories, products } from "../../db/schema";

// Products as buyers find them: search, the public lists and a product's page. (A supplier's own
// listings, and a company's, are in listings.server.ts.)

export type Product = typeof products.$inferSelect;

const MAX_SEARCH_TOKENS = 8;
/** More matched categories than this means the filter is too vague to be useful. */
const MAX_MATCHED_CATEGORIES = 60;

/**
 * Turns what a person typed into a safe FTS5 query: only letters and digits survive, each
 * word is quoted (so FTS5 operators and quotes lose their meaning) and matched as a prefix.
 * Returns null when nothing searchable is left.
 */
export function toFtsQuery(term: string) {
  const words =
    term
      .slice(0, SEARCH_TERM_MAX_LENGTH)
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_SEARCH_TOKENS);
  return unique.length ? unique.map((word) => `"${word}"*`).join(" ") : null;
}

/**
 * Hidden listings (an admin hid them, or their company: its owner is suspended, or an admin hid
 * it) are left out of every list and search: a product's own test (its reason, and one probe of
 * the small partial index of hidden companies). The search index holds only the listings shown
 * (migration 0034), so a search needs no test at all.
 */
export const PRODUCT_SHOWN = sql`${products.hiddenReason} is null and not exists (select 1 from catalogs h where h.hidden = 1 and h.id = ${products.catalogId})`;

/** A search's words matched in the listing's text only: the index's fifth column holds the filter words. */
export function textMatch(ftsQuery: string) {
  return `{title category description company_name} : (${ftsQuery})`;
}

export interface ProductQuery {
  search?: string | null;
  category?: string | null;
  page?: number;
  /**
   * The request's content version (`context.contentVersion`): given, the list of every product
   * (neither searched nor filtered), the same for everyone, is kept per version and not read again
   * while it stays. Asked only for that list: a search or a filter waits on no version.
   */
  contentVersion?: () => Promise<number>;
}

/**
 * The last page a list may show. Every list reads at most PAGE_MAX pages' worth of index rows
 * per request (OFFSET walks every row before the page). Newest-first across several categories
 * reads offset + limit rows from each category before merging, so the cap shrinks with the
 * number of matched categories: categories × pages ≤ PAGE_MAX.
 * A search shows only the pages of its rank window.
 */
export function productPageCap(categoryCount: number, search = false) {
  if (search) return SEARCH_PAGE_MAX;
  return categoryCount > 1 ? Math.max(1, Math.floor(PAGE_MAX / categoryCount)) : PAGE_MAX;
}

/**
 * One page of products and the count of every match. A search ranks with BM25 (title weighs
 * most, then company, category, description); otherwise newest first. The category filter is
 * a case-insensitive contains-match, resolved against the short list of distinct categories;
 * a filter longer than any category name finds nothing. A page past the cap is read as the
 * cap's page (`page` says which page was read, `pageCap` the last one allowed).
 */
export async function listProducts(db: Database, { search, category, page = 1, contentVersion }: ProductQuery) {
  const limit = PRODUCTS_PAGE_SIZE;
  const requested = Math.max(1, Math.floor(Number.isFinite(page) ? page : 1));
  const none = { items: [] as Product[], total: 0, page: 1, pageCap: PAGE_MAX };

  const filter = category?.trim() ?? "";
  if (filter.length > CATEGORY_FILTER_MAX_LENGTH) return none;
  const categories = filter ? await matchCategories(db, filter) : null;
  if (categories && categories.names.length === 0) return none;

  const pageCap = productPageCap(categories?.names.length ?? 1, Boolean(search?.trim()));
  const current = Math.min(requested, pageCap);
  const offset = (current - 1) * limit;
  const result = await readPage();
  return { ...result, page: current, pageCap };

  async function readPage() {
    if (search?.trim()) {
      const ftsQuery = toFtsQuery(search);
      if (!ftsQuery) return { items: [] as Product[], total: 0 };
      return searchProducts(db, ftsQuery, categories, limit, offset);
    }
    if (categories) {
      return { items: await newestInCategories(db, categories.names, limit, offset), total: categories.total };
    }
    const everyProduct = async () => {
      const [version, items, [{ total }]] = await db.batch([
        contentVersionQuery(db),
        listNewestProducts(db, limit).offset(offset),
        db.select({ total: sql<number>`coalesce(sum(${productCategories.productCount}), 0)` }).from(productCategories),
      ]);
      return { version: versionOf(version), value: { items, total } };
    };
    if (!contentVersion) return (await everyProduct()).value;
    return cachedForContentVersion(await contentVersion(), `products:${current}`, everyProduct);
  }
}

/**
 * Ranks inside the FTS index and reads product rows only for the page itself. Work is bounded
 * whatever the term: the count stops past SEARCH_COUNT_CAP ('Found 10,000+') and
 * BM25 (title weighs most, then category, description, company name) ranks only the newest
 * SEARCH_RANK_WINDOW matches, whose pages are the only ones shown. A category filter narrows
 * inside the index (categoryExpression); only when the index cannot tell the matched categories
 * from the others is each match's category read from its row.
 */
// BM25's weights per column: what a product is (title, category) before what it says of itself,
// and its seller's name least, so "rice" finds rice before the resin of "Bangkok Rice Mills".
const TITLE_WEIGHT = 10.0;
const CATEGORY_WEIGHT = 5.0;
const COMPANY_WEIGHT = 0.5;

async function searchProducts(db: Database, ftsQuery: string, categories: MatchedCategories | null, limit: number, offset: number) {
  const narrowing = categories && categoryExpression(categories);
  const text = textMatch(ftsQuery);
  const match = narrowing ? `${text} AND category : (${narrowing})` : text;
  const newest = (count: number, scored: boolean) => {
    const score = scored ? sql`, bm25(products_fts, ${TITLE_WEIGHT}, ${CATEGORY_WEIGHT}, 1.0, ${COMPANY_WEIGHT}, 0.0) as score` : sql``;
    if (!categories || narrowing) {
      return sql`select rowid as id ${score} from products_fts where products_fts match ${match} order by rowid desc limit ${count}`;
    }
    const names = sql.join(
      categories.names.map((c) => sql`${c}`),
      sql`, `,
    );
    return sql`select f.rowid as id ${score} from products_fts f join products p on p.id = f.rowid
      where products_fts match ${match} and p.category in (${names})
      order by f.rowid desc limit ${count}`;
  };
  const cap = SEARCH_COUNT_CAP + 1;
  const [rows, [{ total }]] = await Promise.all([
    db.all<RawProduct>(sql`with matched as (${newest(SEARCH_RANK_WINDOW, true)}),
      ranked as (select id, score from matched order by score, id limit ${limit} offset ${offset})
      select p.* from ranked join products p on p.id = ranked.id order by ranked.score, ranked.id`),
    db.all<{ total: number }>(sql`select count(*) as total from (${newest(cap, false)})`),
  ]);
  return { items: rows.map(fromRaw), total: Math.min(total, cap) };
}

type MatchedCategories = Awaited<ReturnType<typeof matchCategories>>;

/**
 * An FTS5 expression over the category column that matches the products of the matched categories
 * and of no other, or null when the index cannot tell them apart (then the caller checks each row).
 * Words are compared squashed (lower case, no accents, letters and digits only), so a word or
 * phrase counts as ambiguous whenever another category's name contains it in any spelling.
 * A word shared by several matched names covers them all: FTS5 then walks one short doclist
 * instead of intersecting phrases, and BM25's per-phrase statistics stay cheap.
 */
function categoryExpression({ names, others }: Pick<MatchedCategories, "names" | "others">) {
  const otherKeys = others.map((name) => squash(name).join(""));
  const unique = (key: string) => !otherKeys.some((other) => other.includes(key));
  const wordsOf = new Map(names.map((name) => [name, squash(name)]));
  const parts: string[] = [];
  let uncovered = names;
  while (uncovered.length) {
    const candidates = [...new Set(uncovered.flatMap((name) => wordsOf.get(name)!))].filter(unique);
    const covers = (word: string) => uncovered.filter((name) => wordsOf.get(name)!.includes(word));
    const best = candidates.sort((a, b) => covers(b).length - covers(a).length || b.length - a.length)[0];
    if (best) {
      parts.push(`"${best}"`);
      uncovered = uncovered.filter((name) => !wordsOf.get(name)!.includes(best));
      continue;
    }
    const [name, ...rest] = uncovered;
    const words = wordsOf.get(name)!;
    if (!words.length || !unique(words.join(""))) return null;
    parts.push(`"${words.join(" ")}"`);
    uncovered = rest;
  }
  return parts.join(" OR ");
}

/** A name's words, close to how FTS5's unicode61 tokenizer (remove_diacritics 2) indexes them. */
function squash(name: string): string[] {
  return (
    name
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/**
 * Categories whose name contains the filter, ignoring case, with their product count, and the
 * names of every other category (a search uses them to keep its narrowing exact). The list is
 * short (one row per distinct category), so all of it is read and sorted here.
 */
export async function matchCategories(db: Database, filter: string) {
  // No category name is longer than the bound: a longer filter finds nothing.
  if (filter.trim().length > CATEGORY_FILTER_MAX_LENGTH) return { names: [] as string[], total: 0, others: [] as string[] };
  const rows = await db.all<{ name: string; product_count: number; hit: number }>(
    sql`select name, product_count, ${containsText(sql`name`, filter.trim())} as hit from product_categories`,
  );
  const matched = rows
    .filter((r) => r.hit)
    .sort((a, b) => b.product_count - a.product_count)
    .slice(0, MAX_MATCHED_CATEGORIES);
  const names = matched.map((r) => r.name);
  const kept = new Set(names);
  return {
    names,
    total: matched.reduce((sum, r) => sum + r.product_count, 0),
    others: rows.filter((r) => !kept.has(r.name)).map((r) => r.name),
  };
}

/**
 * Newest products across categories. Each category is read newest-first from its own index
 * range, all in one round trip, and only the top rows are merged, so the cost does not grow
 * with the catalog. (D1 caps compound SELECTs, so this is a batch rather than a UNION.)
 */
async function newestInCategories(db: Database, categories: readonly string[], limit: number, offset = 0) {
  if (categories.length === 0) return [] as Product[];
  const [first, ...rest] = newestInCategoriesQueries(db, categories, limit, offset);
  return mergeNewest(await db.batch([first, ...rest]), limit, offset);
}

/** One query per category for `newestInCategories`, for a caller that batches them with others. */
export function newestInCategoriesQueries(db: Database, categories: readonly string[], limit: number, offset = 0) {
  return categories.map((category) =>
    db
      .select()
      .from(products)
      .where(and(eq(products.category, category), PRODUCT_SHOWN))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(offset + limit),
  );
}

/** The newest `limit` rows after `offset` of the per-category answers. */
export function mergeNewest(perCategory: Product[][], limit: number, offset = 0) {
  return perCategory
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(offset, offset + limit);
}

export function listNewestProducts(db: Database, limit: number) {
  return db.select().from(products).where(PRODUCT_SHOWN).orderBy(desc(products.createdAt), desc(products.id)).limit(limit);
}

/** The home page's featured grid: the catalog's first listings, a stable choice. */
export function listFeaturedProducts(db: Database, limit: number) {
  // The range condition lets SQLite walk the primary key instead of planning a table scan.
  return db
    .select()
    .from(products)
    .where(and(gt(products.id, 0), PRODUCT_SHOWN))
    .orderBy(asc(products.id))
    .limit(limit);
}

export async function getProduct(db: Database, id: number) {
  return (
    (await db
      .select()
      .from(products)
      .where(and(eq(products.id, id), PRODUCT_SHOWN))
      .get()) ?? null
  );
}

/**
 * A product as its page shows it to everyone, with its company (the catalog) and the company's
 * owner, or null: cached until the content changes (`cachedForContentVersion`). What acts on a
 * product (the cart) reads it with `getProduct`.
 */
export function getProductForPage(db: Database, id: number, contentVersion: number) {
  return cachedForContentVersion(contentVersion, `product:${id}`, async () => {
    const [version, rows] = await db.batch([
      contentVersionQuery(db),
      db
        // In a batch D1 answers rows by column name: the catalog's id and company_name are named apart from the product's.
        .select({
          product: products,
          company: {
            id: sql<string>`${catalogs.id}`.as("company_id"),
            name: sql<string>`${catalogs.companyName}`.as("company_display_name"),
            ownerId: sql<string>`${catalogs.userId}`.as("company_owner_id"),
            responseRate: sql<number | null>`${catalogs.responseRate}`.as("company_response_rate"),
            responseMinutes: sql<number | null>`${catalogs.responseMinutes}`.as("company_response_minutes"),
            businessType: sql<string | null>`${catalogs.businessType}`.as("company_business_type"),
            verifiedSince: sql<number | null>`${catalogs.verifiedSince}`.as("company_verified_since"),
            verifiedUntil: sql<number | null>`${catalogs.verifiedUntil}`.as("company_verified_until"),
          },
        })
        .from(products)
        .innerJoin(catalogs, eq(catalogs.id, products.catalogId))
        .where(and(eq(products.id, id), eq(catalogs.hidden, false)))
        .limit(1),
    ]);
    return { version: versionOf(version), value: rows[0] ?? null };
  });
}

type RawProduct = {
  id: number;
  catalog_id: string | null;
  title: string;
  category: string;
  description: string | null;
  price: number | null;
  price_max: number | null;
  currency: string;
  image_url: string | null;
  image_urls: string;
  minimum_order: string | null;
  specifications: string | null;
  company_name: string | null;
  country: string | null;
  hidden_reason: Product["hiddenReason"];
  created_at: number;
  updated_at: number | null;
  unit: Product["unit"];
  moq: number;
  price_tiers: string;
  price_usd: number | null;
  lead_time_min: number | null;
  lead_time_max: number | null;
  samples: number;
  sample_price: number | null;
  supply_per_month: number | null;
  port_of_loading: string | null;
  payment_terms: string;
  incoterms: string;
  trade_notes: string | null;
};

function fromRaw(row: RawProduct): Product {
  return {
    id: row.id,
    catalogId: row.catalog_id,
    title: row.title,
    category: row.category,
    description: row.description,
    price: row.price,
    priceMax: row.price_max,
    currency: row.currency,
    imageUrl: row.image_url,
    imageUrls: JSON.parse(row.image_urls) as string[],
    minimumOrder: row.minimum_order,
    specifications: row.specifications === null ? null : (JSON.parse(row.specifications) as Record<string, unknown>),
    companyName: row.company_name,
    country: row.country,
    hiddenReason: row.hidden_reason,
    createdAt: new Date(row.created_at),
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at),
    unit: row.unit,
    moq: row.moq,
    priceTiers: JSON.parse(row.price_tiers) as Product["priceTiers"],
    priceUsd: row.price_usd,
    leadTimeMin: row.lead_time_min,
    leadTimeMax: row.lead_time_max,
    samples: row.samples === 1,
    samplePrice: row.sample_price,
    supplyPerMonth: row.supply_per_month,
    portOfLoading: row.port_of_loading,
    paymentTerms: JSON.parse(row.payment_terms) as Product["paymentTerms"],
    incoterms: JSON.parse(row.incoterms) as Product["incoterms"],
    tradeNotes: row.trade_notes,
  };
}

/** A product id from a URL, or null when it is not a positive whole number. */
export function parseProductId(value: string | undefined) {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Product ids for the sitemap, newest listings first (a sitemap holds at most 50,000 URLs). */
export async function listProductIdsForSitemap(db: Database, limit: number) {
  return db
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .where(and(gt(products.id, 0), PRODUCT_SHOWN))
    .orderBy(desc(products.id))
    .limit(limit);
}

/** What a product card shows: lists send only this, not descriptions, to keep pages light. */
export function toProductCard({ id, title, category, price, priceMax, currency, imageUrl, companyName }: Product) {
  return { id, title, category, price, priceMax, currency, imageUrl, companyName };
}
