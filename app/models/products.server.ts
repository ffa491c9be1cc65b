import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../load-context";
import { products } from "../../db/schema";
import { PRODUCTS_PAGE_SIZE, SEARCH_TERM_MAX_LENGTH } from "~/lib/constants";

export type Product = typeof products.$inferSelect;

const MAX_SEARCH_TOKENS = 8;

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
 * One page of products with the count of every match. Search ranks with BM25, weighting the
 * title above the company, category and description; without a search, newest first.
 */
export async function listProducts(db: Database, { search, category, page = 1 }: ProductQuery) {
  const offset = (Math.max(1, page) - 1) * PRODUCTS_PAGE_SIZE;
  const categoryPattern = category?.trim() ? `%${escapeLike(category.trim())}%` : null;
  const ftsQuery = search?.trim() ? toFtsQuery(search) : null;

  if (search?.trim() && !ftsQuery) return { items: [] as Product[], total: 0 };

  const categoryFilter = categoryPattern ? sql`and p.category like ${categoryPattern} escape '\\'` : sql``;
  const [rows, [{ total }]] = ftsQuery
    ? await Promise.all([
        db.all<RawProduct>(sql`
          select p.* from products_fts f join products p on p.id = f.rowid
          where products_fts match ${ftsQuery} ${categoryFilter}
          order by bm25(products_fts, 10.0, 4.0, 1.0, 3.0)
          limit ${PRODUCTS_PAGE_SIZE} offset ${offset}`),
        db.all<{ total: number }>(sql`
          select count(*) as total from products_fts f join products p on p.id = f.rowid
          where products_fts match ${ftsQuery} ${categoryFilter}`),
      ])
    : await Promise.all([
        db.all<RawProduct>(sql`
          select p.* from products p where 1 = 1 ${categoryFilter}
          order by p.created_at desc, p.id desc
          limit ${PRODUCTS_PAGE_SIZE} offset ${offset}`),
        db.all<{ total: number }>(sql`select count(*) as total from products p where 1 = 1 ${categoryFilter}`),
      ]);
  return { items: rows.map(fromRaw), total };
}

export async function getProduct(db: Database, id: number) {
  return (await db.query.products.findFirst({ where: eq(products.id, id) })) ?? null;
}

export function listNewestProducts(db: Database, limit: number) {
  return db.select().from(products).orderBy(desc(products.createdAt), desc(products.id)).limit(limit);
}

export function listProductsInCategories(db: Database, categories: readonly string[], limit: number) {
  return db
    .select()
    .from(products)
    .where(inArray(products.category, [...categories]))
    .orderBy(desc(products.createdAt))
    .limit(limit);
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

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
