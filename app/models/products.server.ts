import { asc, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { products } from "../../db/schema";
import { CATEGORY_FILTER_MAX_LENGTH, PAGE_MAX, PRODUCTS_PAGE_SIZE, SEARCH_COUNT_CAP, SEARCH_TERM_MAX_LENGTH } from "~/lib/constants";

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
  const words = term.slice(0, SEARCH_TERM_MAX_LENGTH).normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_SEARCH_TOKENS);
  return unique.length ? unique.map((word) => `"${word}"*`).join(" ") : null;
}

export interface ProductQuery {
  search?: string | null;
  category?: string | null;
  page?: number;
}

/**
 * The last page a list may show. Every list reads at most PAGE_MAX pages' worth of index rows
 * per request (OFFSET walks every row before the page). Newest-first across several categories
 * reads offset + limit rows from each category before merging, so the cap shrinks with the
 * number of matched categories: categories × pages ≤ PAGE_MAX (docs/decisions/0005-page-cap-instead-of-keyset.md).
 */
export function productPageCap(categoryCount: number) {
  return categoryCount > 1 ? Math.max(1, Math.floor(PAGE_MAX / categoryCount)) : PAGE_MAX;
}

/**
 * One page of products and the count of every match. A search ranks with BM25 (title weighs
 * most, then company, category, description); otherwise newest first. The category filter is
 * a case-insensitive contains-match, resolved against the short list of distinct categories;
 * a filter longer than any category name finds nothing. A page past the cap is read as the
 * cap's page (`page` says which page was read, `pageCap` the last one allowed).
 */
export async function listProducts(db: Database, { search, category, page = 1 }: ProductQuery) {
  const limit = PRODUCTS_PAGE_SIZE;
  const requested = Math.max(1, Math.floor(Number.isFinite(page) ? page : 1));
  const none = { items: [] as Product[], total: 0, page: 1, pageCap: PAGE_MAX };

  const filter = category?.trim() ?? "";
  if (filter.length > CATEGORY_FILTER_MAX_LENGTH) return none;
  const categories = filter ? await matchCategories(db, filter) : null;
  if (categories && categories.names.length === 0) return none;

  const pageCap = productPageCap(search?.trim() ? 1 : (categories?.names.length ?? 1));
  const current = Math.min(requested, pageCap);
  const offset = (current - 1) * limit;
  const result = await readPage();
  return { ...result, page: current, pageCap };

  async function readPage() {
    if (search?.trim()) {
      const ftsQuery = toFtsQuery(search);
      if (!ftsQuery) return { items: [] as Product[], total: 0 };
      return searchProducts(db, ftsQuery, categories?.names ?? null, limit, offset);
    }
    if (categories) {
      return { items: await newestInCategories(db, categories.names, limit, offset), total: categories.total };
    }
    const [items, [{ total }]] = await Promise.all([
      selectProducts(db, sql`select * from products order by created_at desc, id desc limit ${limit} offset ${offset}`),
      db.all<{ total: number }>(sql`select coalesce(sum(product_count), 0) as total from product_categories`),
    ]);
    return { items, total };
  }
}

/**
 * Ranks inside the FTS index and reads product rows only for the page itself. Work is bounded
 * whatever the term: the count stops past SEARCH_COUNT_CAP ('Found 10,000+', DECISIONS 22) and
 * BM25 ranks the newest SEARCH_COUNT_CAP matches, so a common word reads at most about twice
 * the cap. (title weighs most, then company, category, description.) A category filter is
 * first narrowed inside the index (a phrase per matched category name), then checked exactly.
 */
async function searchProducts(db: Database, ftsQuery: string, categories: string[] | null, limit: number, offset: number) {
  const cap = SEARCH_COUNT_CAP + 1;
  const phrases = categories?.map(toFtsPhrase).filter(Boolean) ?? [];
  const match = phrases.length ? `(${ftsQuery}) AND category : (${phrases.join(" OR ")})` : ftsQuery;
  const inCategories = categories ? sql`and p.category in (${sql.join(categories.map((c) => sql`${c}`), sql`, `)})` : sql``;
  const matches = categories
    ? sql`select f.rowid as id, bm25(products_fts, 10.0, 2.0, 1.0, 4.0) as score from products_fts f join products p on p.id = f.rowid
        where products_fts match ${match} ${inCategories} order by f.rowid desc limit ${cap}`
    : sql`select rowid as id, bm25(products_fts, 10.0, 2.0, 1.0, 4.0) as score from products_fts
        where products_fts match ${match} order by rowid desc limit ${cap}`;
  const [rows, [{ total }]] = await Promise.all([
    db.all<RawProduct>(sql`with matched as (${matches}), ranked as (select id, score from matched order by score, id limit ${limit} offset ${offset})
      select p.* from ranked join products p on p.id = ranked.id order by ranked.score, ranked.id`),
    db.all<{ total: number }>(sql`select count(*) as total from (${matches})`),
  ]);
  return { items: rows.map(fromRaw), total: Math.min(total, cap) };
}

/** A category name as an FTS5 phrase of its words: 'Apparel & Clothing' → "apparel clothing". */
function toFtsPhrase(name: string) {
  const words = name.normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? `"${words.join(" ")}"` : "";
}

/** Categories whose name contains the filter, ignoring case, with their product count. */
export async function matchCategories(db: Database, filter: string) {
  // D1 refuses LIKE patterns past 50 bytes; no category name is longer than the bound anyway.
  if (filter.trim().length > CATEGORY_FILTER_MAX_LENGTH) return { names: [] as string[], total: 0 };
  const pattern = `%${filter.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.all<{ name: string; product_count: number }>(
    sql`select name, product_count from product_categories where name like ${pattern} escape '\\'
        order by product_count desc limit ${MAX_MATCHED_CATEGORIES}`,
  );
  return { names: rows.map((r) => r.name), total: rows.reduce((sum, r) => sum + r.product_count, 0) };
}

/**
 * Newest products across categories. Each category is read newest-first from its own index
 * range, all in one round trip, and only the top rows are merged, so the cost does not grow
 * with the catalog. (D1 caps compound SELECTs, so this is a batch rather than a UNION.)
 */
export async function newestInCategories(db: Database, categories: readonly string[], limit: number, offset = 0) {
  if (categories.length === 0) return [] as Product[];
  const [first, ...rest] = categories.map((category) =>
    db
      .select()
      .from(products)
      .where(eq(products.category, category))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(offset + limit),
  );
  const perCategory = await db.batch([first, ...rest]);
  return perCategory
    .flat()
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(offset, offset + limit);
}

export function listNewestProducts(db: Database, limit: number) {
  return selectProducts(db, sql`select * from products order by created_at desc, id desc limit ${limit}`);
}

/** The home page's featured grid: the catalog's first listings, a stable choice. */
export function listFeaturedProducts(db: Database, limit: number) {
  // The range condition lets SQLite walk the primary key instead of planning a table scan.
  return db.select().from(products).where(gt(products.id, 0)).orderBy(asc(products.id)).limit(limit);
}

export async function getProduct(db: Database, id: number) {
  return (await db.query.products.findFirst({ where: eq(products.id, id) })) ?? null;
}

type RawProduct = {
  id: number;
  title: string;
  category: string;
  description: string | null;
  price: number | null;
  currency: string;
  image_url: string | null;
  company_name: string | null;
  country: string | null;
  created_at: number;
};

async function selectProducts(db: Database, query: SQL) {
  return (await db.all<RawProduct>(query)).map(fromRaw);
}

function fromRaw(row: RawProduct): Product {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    description: row.description,
    price: row.price,
    currency: row.currency,
    imageUrl: row.image_url,
    companyName: row.company_name,
    country: row.country,
    createdAt: new Date(row.created_at),
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
  return db.select({ id: products.id, createdAt: products.createdAt }).from(products).where(gt(products.id, 0)).orderBy(desc(products.id)).limit(limit);
}

/** What a product card shows: lists send only this, not descriptions, to keep pages light. */
export function toProductCard({ id, title, category, price, currency, imageUrl, companyName }: Product) {
  return { id, title, category, price, currency, imageUrl, companyName };
}
