import { and, asc, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import {
  BUSINESS_KINDS,
  CATEGORY_FILTER_MAX_LENGTH,
  FACET_COUNT_CAP,
  PRICE_STEPS_USD,
  RESPONSE_RATE_STEPS,
  PAGE_MAX,
  PRODUCTS_PAGE_SIZE,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_MAX,
  SEARCH_RANK_WINDOW,
  SEARCH_TERM_MAX_LENGTH,
  type BusinessKind,
  type ProductSort,
} from "~/lib/constants";
import { countryCodeOf, isCountryCode, STORED_COUNTRY_NAMES } from "~/lib/countries";
import {
  ALL_WORD,
  businessTypeWord,
  COUNTRY_WORD_PREFIX,
  countryWords,
  facetMatch,
  hasFilters,
  responseRateWord,
  SAMPLES_WORD,
  squashWord,
  stepWord,
  VERIFIED_WORD,
  type ProductFilters,
} from "~/lib/product-filters";
import { containsText } from "~/lib/sql.server";
import { contentVersionQuery, cachedForContentVersion, versionOf } from "~/models/content-version.server";
import type { Database } from "../../db/client";
import { catalogs, products } from "../../db/schema";

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
function textMatch(ftsQuery: string) {
  return `{title category description company_name} : (${ftsQuery})`;
}

export interface ProductQuery {
  search?: string | null;
  category?: string | null;
  /** The checked filters of the URL (app/lib/product-filters.ts); none when absent. */
  filters?: ProductFilters | null;
  sort?: ProductSort | null;
  page?: number;
  /** Also count, for each filter's options, the listings it would leave (one more statement per option, same batch). */
  facets?: boolean;
  /**
   * The request's content version (`context.contentVersion`): given, the list of every product
   * (neither searched nor filtered), the same for everyone, is kept per version and not read again
   * while it stays. Asked only for that list: a search or a filter waits on no version.
   */
  contentVersion?: () => Promise<number>;
}

/** How many listings each filter option would leave, each exact up to FACET_COUNT_CAP (more: FACET_COUNT_CAP + 1). */
export interface FacetCounts {
  countries: { code: string; count: number }[];
  verified: number;
  businessTypes: Record<BusinessKind, number>;
  responseRates: Record<(typeof RESPONSE_RATE_STEPS)[number], number>;
  samples: number;
}

/**
 * The last page a list may show. Every list reads at most PAGE_MAX pages' worth of index rows
 * per request (OFFSET walks every row before the page). Newest-first across several categories
 * reads offset + limit rows from each category before merging, so the cap shrinks with the
 * number of matched categories: categories × pages ≤ PAGE_MAX.
 * A search, or a filtered list, shows only the pages of its window (SEARCH_RANK_WINDOW).
 */
export function productPageCap(categoryCount: number, search = false) {
  if (search) return SEARCH_PAGE_MAX;
  return categoryCount > 1 ? Math.max(1, Math.floor(PAGE_MAX / categoryCount)) : PAGE_MAX;
}

/**
 * One page of products, the count of every match and, when asked, the counts of the filters'
 * options: all from one D1 batch (after the short list of categories when a category is asked).
 * A search or any filter is answered by the search index (searchIndexed); a plain list (every
 * product, a category) newest first or by price or MOQ walks an index of `products`. The category
 * filter is a case-insensitive contains-match, resolved against the short list of distinct
 * categories; a filter longer than any category name finds nothing. A page past the cap is read
 * as the cap's page (`page` says which page was read, `pageCap` the last one allowed).
 */
export async function listProducts(db: Database, query: ProductQuery) {
  const { search, category, filters = null, page = 1, contentVersion } = query;
  const limit = PRODUCTS_PAGE_SIZE;
  const requested = Math.max(1, Math.floor(Number.isFinite(page) ? page : 1));
  const none = { items: [] as Product[], total: 0, page: 1, pageCap: PAGE_MAX, facets: query.facets ? emptyFacets() : null };

  const filter = category?.trim() ?? "";
  if (filter.length > CATEGORY_FILTER_MAX_LENGTH) return none;
  const categories = filter ? await matchCategories(db, filter) : null;
  if (categories && categories.names.length === 0) return none;

  const words = search?.trim() ? toFtsQuery(search) : null;
  if (search?.trim() && !words) return none;
  const filtered = Boolean(filters && hasFilters(filters));
  const sort = query.sort === "best" && !words ? "newest" : (query.sort ?? (words ? "best" : "newest"));
  const indexed = Boolean(words) || filtered;

  const pageCap = productPageCap(categories?.names.length ?? 1, indexed);
  const current = Math.min(requested, pageCap);
  const offset = (current - 1) * limit;
  const plan: SearchPlan = { words, categories, filters, sort, limit, offset };
  const result = indexed ? await searchIndexed(db, plan, query.facets ?? false) : await readList();
  return { ...result, page: current, pageCap };

  async function readList() {
    const facetQueries = query.facets ? facetStatements(plan) : [];
    if (categories) {
      const lists = sortedInCategoriesQueries(db, categories.names, sort, limit, offset).map((q) => q.getSQL());
      const answers = await batchRaw(db, [...lists, ...facetQueries]);
      const perCategory = (answers.slice(0, lists.length) as RawProduct[][]).map((rows) => rows.map(fromRaw));
      const items = mergeSorted(perCategory, sort, limit, offset);
      return { items, total: categories.total, facets: query.facets ? readFacets(answers.slice(lists.length)) : null };
    }
    const everyProduct = async () => {
      const [version, rows, [{ total }], ...facetAnswers] = (await batchRaw(db, [
        contentVersionQuery(db).getSQL(),
        sortedProducts(db, sort, limit, offset).getSQL(),
        sql`select coalesce(sum(product_count), 0) as total from product_categories`,
        ...facetQueries,
      ])) as [{ version: number }[], RawProduct[], { total: number }[], ...unknown[][]];
      const facets = query.facets ? readFacets(facetAnswers) : null;
      return { version: versionOf(version), value: { items: rows.map(fromRaw), total, facets } };
    };
    if (!contentVersion) return (await everyProduct()).value;
    return cachedForContentVersion(await contentVersion(), `products:${sort}:${current}:${query.facets ? 1 : 0}`, everyProduct);
  }
}

const dialect = new SQLiteAsyncDialect();

/**
 * Statements in one D1 batch, each answering its rows as D1 gives them (column names as in SQL).
 * (Drizzle batches only its query builders; the search's statements are SQL.)
 */
async function batchRaw(db: Database, statements: SQL[]) {
  const d1 = db.$client;
  const prepared = statements.map((statement) => {
    const { sql: text, params } = dialect.sqlToQuery(statement);
    return d1.prepare(text).bind(...params);
  });
  return (await d1.batch(prepared)).map((result) => result.results);
}

interface SearchPlan {
  words: string | null;
  categories: MatchedCategories | null;
  filters: ProductFilters | null;
  sort: ProductSort;
  limit: number;
  offset: number;
}

/** A filter that has options to count: each counts its options without itself (so an option shows what choosing it leaves). */
type Dimension = "country" | "verified" | "business_type" | "response_rate" | "samples";

/**
 * What the search index is asked, as an SQL expression (the words are bound; a price range adds
 * the words of its price bands, worked out in SQL from the display currency's rate), and what
 * only the listing's row can tell (`rows`: an exact MOQ, lead time or price bound between steps, a
 * category the index cannot tell apart), or null. `except` leaves one filter out.
 */
function searchTerms({ words, categories, filters }: SearchPlan, except?: Dimension) {
  const parts: string[] = [];
  const rows: SQL[] = [];
  if (words) parts.push(textMatch(words));
  const narrowing = categories && categoryExpression(categories);
  if (narrowing) parts.push(`category : (${narrowing})`);
  else if (categories) {
    rows.push(
      sql`p.category in (${sql.join(
        categories.names.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  }
  let price: SQL | null = null;
  if (filters) {
    const f = filters;
    if (f.countries.length && except !== "country") parts.push(facetMatch(f.countries.flatMap(countryWords)));
    if (f.verified && except !== "verified") parts.push(facetMatch([VERIFIED_WORD]));
    if (f.businessType && except !== "business_type") parts.push(facetMatch([businessTypeWord(f.businessType)]));
    if (f.responseRate !== null && except !== "response_rate") parts.push(facetMatch([responseRateWord(f.responseRate)]));
    if (f.samples && except !== "samples") parts.push(facetMatch([SAMPLES_WORD]));
    const steps = [
      [f.moqMax, "xm", sql`p.moq`],
      [f.leadTimeMax, "xl", sql`coalesce(p.lead_time_max, p.lead_time_min)`],
    ] as const;
    for (const [value, prefix, column] of steps) {
      if (value === null) continue;
      const step = stepWord(prefix, value);
      if (step) parts.push(facetMatch([step.word]));
      if (!step?.exact) rows.push(sql`${column} <= ${value}`);
    }
    if (f.priceMin !== null || f.priceMax !== null) {
      price = priceBands(f.priceMin, f.priceMax, f.currency);
      if (f.priceMin !== null) rows.push(sql`p.price_usd >= ${usd(f.priceMin, f.currency)}`);
      if (f.priceMax !== null) rows.push(sql`p.price_usd <= ${usd(f.priceMax, f.currency)}`);
    }
  }
  if (!parts.length && !price) parts.push(facetMatch([ALL_WORD]));
  const text = parts.join(" AND ");
  const match = price ? (text ? sql`(${text + " AND "} || ${price})` : price) : sql`${text}`;
  return { match, rows: rows.length ? sql.join(rows, sql` and `) : null };
}

/**
 * The ids of listings newer than `cursor` that a trade alert's words and filters find (a statement
 * for `products.id in (…)`); its category is checked on the rows by the caller. Null when the words
 * leave nothing to search.
 */
export function newProductsMatching(search: string | null, filters: ProductFilters | null, cursor: number) {
  const words = search ? toFtsQuery(search) : null;
  if (search && !words) return sql`select null where 0`;
  const plan: SearchPlan = { words, categories: null, filters, sort: "newest", limit: 0, offset: 0 };
  const { match, rows } = searchTerms(plan);
  return sql`select f.rowid from products_fts f ${rows ? sql`join products p on p.id = f.rowid` : sql``}
    where products_fts match ${match} ${rows ? sql`and ${rows}` : sql``} and f.rowid > ${cursor}`;
}

/** An amount of a currency in US dollars, at the rate of the `exchange_rates` table. */
const usd = (amount: number, currency: string) => sql`(${amount} / (select per_usd from exchange_rates where currency = ${currency}))`;

// The price bands of the index's words: band n holds the prices that reach n of PRICE_STEPS_USD.
const PRICE_STEPS_JSON = JSON.stringify(PRICE_STEPS_USD);
const PRICE_BANDS_JSON = JSON.stringify(Array.from({ length: PRICE_STEPS_USD.length + 1 }, (_, i) => i));

/** The FTS5 expression, built in SQL, of the price bands a range in a currency touches. */
function priceBands(min: number | null, max: number | null, currency: string) {
  const band = (amount: number) => sql`(select count(*) from json_each(${PRICE_STEPS_JSON}) s where s.value <= ${usd(amount, currency)})`;
  const low = min === null ? sql`0` : band(min);
  const high = max === null ? sql`${PRICE_STEPS_USD.length}` : band(max);
  return sql`(select 'facets : (' || group_concat('"xp' || b.value || '"', ' OR ') || ')' from json_each(${PRICE_BANDS_JSON}) b where b.value between ${low} and ${high})`;
}

// BM25's weights per column: what a product is (title, category) before what it says of itself,
// and its seller's name least, so "rice" finds rice before the resin of "Bangkok Rice Mills"; the
// filter words weigh nothing.
const TITLE_WEIGHT = 10.0;
const CATEGORY_WEIGHT = 5.0;
const COMPANY_WEIGHT = 0.5;
/**
 * Best match (docs/decisions/0032-search-filters-and-best-match.md): BM25 (negative, lower is
 * better) times 1 + the listing's quality, from 0 to 1: its supplier verified 0.3, answering
 * ≥ 80 % of requests 0.15 and ≥ 90 % 0.15 more, and 0.4 for a complete listing (a price, a lead
 * time, a description of 80 characters or more, two images or more, two price tiers or more).
 */
const BEST_MATCH = sql.raw(`bm25(products_fts, ${TITLE_WEIGHT}, ${CATEGORY_WEIGHT}, 1.0, ${COMPANY_WEIGHT}, 0.0) * (1
  + 0.3 * ((p.supplier_signals & 1) != 0) + 0.15 * ((p.supplier_signals & 2) != 0) + 0.15 * ((p.supplier_signals & 4) != 0)
  + 0.08 * ((p.price_usd is not null) + (coalesce(p.lead_time_min, p.lead_time_max) is not null)
    + (length(coalesce(p.description, '')) >= 80) + (json_array_length(p.image_urls) >= 2) + (json_array_length(p.price_tiers) >= 2)))`);

/**
 * The ORDER BY of each sort over listings `p` (price on request last). Ties go as the indexes of
 * a plain list walk them (rowid upwards, backwards for high to low), so a list reads the same
 * order with or without a filter.
 */
function orderOf(sort: ProductSort) {
  switch (sort) {
    case "best":
      return sql`sort_key, p.id desc`;
    case "price_asc":
      return sql`p.price_usd is null, p.price_usd, p.id`;
    case "price_desc":
      return sql`p.price_usd is null, p.price_usd desc, p.id desc`;
    case "moq_asc":
      return sql`p.moq, p.id`;
    case "newest":
      return sql`p.id desc`;
  }
}

/**
 * A search or a filtered list, read from the search index (which holds only the listings shown).
 * The count stops past SEARCH_COUNT_CAP ('Found 10,000+'). Newest first reads the index's page
 * alone; the other sorts read the newest SEARCH_RANK_WINDOW matches with their listing (the price,
 * the MOQ, the supplier's signals) and sort those, whose pages are the only ones shown. Each
 * filter option's count is one more capped count of the index (a country's: one statement for all
 * countries the index knows). Every statement goes in one batch.
 */
async function searchIndexed(db: Database, plan: SearchPlan, withFacets: boolean) {
  const { match, rows } = searchTerms(plan);
  const join = rows ? sql`join products p on p.id = f.rowid` : sql``;
  const where = rows ? sql`and ${rows}` : sql``;
  const cap = SEARCH_COUNT_CAP + 1;
  const count = sql`select count(*) as total from (select f.rowid from products_fts f ${join} where products_fts match ${match} ${where} limit ${cap})`;
  const list =
    plan.sort === "newest"
      ? sql`with m as (select f.rowid as id from products_fts f ${join} where products_fts match ${match} ${where}
          order by f.rowid desc limit ${plan.limit} offset ${plan.offset})
        select p.* from m join products p on p.id = m.id order by m.id desc`
      : sql`with p as (select p.*, ${plan.sort === "best" ? BEST_MATCH : sql`0`} as sort_key
          from products_fts f join products p on p.id = f.rowid where products_fts match ${match} ${where}
          order by f.rowid desc limit ${SEARCH_RANK_WINDOW})
        select * from p order by ${orderOf(plan.sort)} limit ${plan.limit} offset ${plan.offset}`;
  const facets = withFacets ? facetStatements(plan) : [];
  const [rowsOfList, [{ total }], ...facetAnswers] = (await batchRaw(db, [list, count, ...facets])) as [
    RawProduct[],
    { total: number }[],
    ...unknown[][],
  ];
  return { items: rowsOfList.map(fromRaw), total: Math.min(total, cap), facets: withFacets ? readFacets(facetAnswers) : null };
}

/** A capped count of what the index finds for one filter option added to the terms without its own filter. */
function optionCount(plan: SearchPlan, except: Dimension, word: string) {
  const { match, rows } = searchTerms(plan, except);
  const join = rows ? sql`join products p on p.id = f.rowid` : sql``;
  const where = rows ? sql`and ${rows}` : sql``;
  return sql`select count(*) as n from (select f.rowid from products_fts f ${join}
    where products_fts match (${match} || ' AND ' || ${facetMatch([word])}) ${where} limit ${FACET_COUNT_CAP + 1})`;
}

/**
 * The statements of every filter option's count, in the order readFacets reads them: the countries
 * (one statement: each country word the index holds, with its capped count), then verified, the
 * business types, the response rates and samples.
 */
function facetStatements(plan: SearchPlan) {
  const { match, rows } = searchTerms(plan, "country");
  const join = rows ? sql`join products p on p.id = f.rowid` : sql``;
  const where = rows ? sql`and ${rows}` : sql``;
  const countries = sql`select t.term as word, (select count(*) from (select f.rowid from products_fts f ${join}
      where products_fts match (${match} || ' AND facets : "' || t.term || '"') ${where} limit ${FACET_COUNT_CAP + 1})) as n
    from products_fts_terms t where t.col = 'facets' and t.term >= ${COUNTRY_WORD_PREFIX} and t.term < 'xd'`;
  return [
    countries,
    optionCount(plan, "verified", VERIFIED_WORD),
    ...BUSINESS_KINDS.map((kind) => optionCount(plan, "business_type", businessTypeWord(kind))),
    ...RESPONSE_RATE_STEPS.map((step) => optionCount(plan, "response_rate", responseRateWord(step))),
    optionCount(plan, "samples", SAMPLES_WORD),
  ];
}

function readFacets(answers: unknown[]): FacetCounts {
  const [countries, verified, ...rest] = answers as [{ word: string; n: number }[], ...{ n: number }[][]];
  const n = (rows: { n: number }[] | undefined) => rows?.[0]?.n ?? 0;
  const kinds = rest.slice(0, BUSINESS_KINDS.length);
  const rates = rest.slice(BUSINESS_KINDS.length, BUSINESS_KINDS.length + RESPONSE_RATE_STEPS.length);
  const byCode = new Map<string, number>();
  for (const row of countries) {
    const code = countryOfWord(row.word);
    if (code && row.n > 0) byCode.set(code, (byCode.get(code) ?? 0) + row.n);
  }
  return {
    countries: [...byCode].map(([code, count]) => ({ code, count: Math.min(count, FACET_COUNT_CAP + 1) })),
    verified: n(verified),
    businessTypes: Object.fromEntries(BUSINESS_KINDS.map((kind, i) => [kind, n(kinds[i])])) as FacetCounts["businessTypes"],
    responseRates: Object.fromEntries(RESPONSE_RATE_STEPS.map((step, i) => [step, n(rates[i])])) as FacetCounts["responseRates"],
    samples: n(rest[BUSINESS_KINDS.length + RESPONSE_RATE_STEPS.length]),
  };
}

function emptyFacets(): FacetCounts {
  return readFacets([[]]);
}

/** The country code of an index word ('xcchina' → 'CN'), or null for a place no code names. */
const countryOfWord = (() => {
  const codes = new Map<string, string>();
  return (word: string) => {
    if (!codes.size) {
      for (const name of STORED_COUNTRY_NAMES) {
        const code = countryCodeOf(name);
        if (code && isCountryCode(code)) codes.set(COUNTRY_WORD_PREFIX + squashWord(name), code);
      }
    }
    return codes.get(word) ?? null;
  };
})();

/** A plain list (no search, no filter) in a sort, walking an index of `products`. */
function sortedProducts(db: Database, sort: ProductSort, limit: number, offset: number) {
  const base = db.select().from(products).where(PRODUCT_SHOWN);
  switch (sort) {
    case "price_asc":
      return base
        .orderBy(sql`ifnull(${products.priceUsd}, 1e308)`, asc(products.id))
        .limit(limit)
        .offset(offset);
    case "price_desc":
      return base.orderBy(desc(products.priceUsd), desc(products.id)).limit(limit).offset(offset);
    case "moq_asc":
      return base.orderBy(asc(products.moq), asc(products.id)).limit(limit).offset(offset);
    default:
      return listNewestProducts(db, limit).offset(offset);
  }
}

/** One query per category for a sorted category list: each walks its (category, …) index. */
function sortedInCategoriesQueries(db: Database, categories: readonly string[], sort: ProductSort, limit: number, offset: number) {
  if (sort === "newest" || sort === "best") return newestInCategoriesQueries(db, categories, limit, offset);
  return categories.map((category) => {
    const base = db
      .select()
      .from(products)
      .where(and(eq(products.category, category), PRODUCT_SHOWN));
    const ordered =
      sort === "price_asc"
        ? base.orderBy(sql`ifnull(${products.priceUsd}, 1e308)`, asc(products.id))
        : sort === "price_desc"
          ? base.orderBy(desc(products.priceUsd), desc(products.id))
          : base.orderBy(asc(products.moq), asc(products.id));
    return ordered.limit(offset + limit);
  });
}

function mergeSorted(perCategory: Product[][], sort: ProductSort, limit: number, offset: number) {
  if (sort === "newest" || sort === "best") return mergeNewest(perCategory, limit, offset);
  const key = (p: Product) =>
    sort === "price_asc" ? (p.priceUsd ?? Infinity) : sort === "price_desc" ? -(p.priceUsd ?? -Infinity) : p.moq;
  return perCategory
    .flat()
    .sort((a, b) => key(a) - key(b) || (sort === "price_desc" ? b.id - a.id : a.id - b.id))
    .slice(offset, offset + limit);
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
 * Newest products across categories: one query per category, each read newest-first from its own
 * index range, for a caller that batches them (D1 caps compound SELECTs, so a batch rather than a
 * UNION) and merges the top rows (`mergeNewest`), so the cost does not grow with the catalog.
 */
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
  supplier_signals: number;
  original_locale: Product["originalLocale"];
  search_text: string | null;
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
    specifications: row.specifications === null ? null : (JSON.parse(row.specifications) as Product["specifications"]),
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
    supplierSignals: row.supplier_signals,
    originalLocale: row.original_locale,
    searchText: row.search_text,
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
