/**
 * The search benchmark's data and cases: 1,000,000 generated products (made inside SQLite),
 * then the app's own list, search, category and home queries over a fixed set of 100 terms and
 * categories, with p50/p95/max, the rows D1 reports read, and the query plans.
 */
import { sql } from "drizzle-orm";
import { BUSINESS_KINDS, COMPANY_PRODUCTS_PAGE_SIZE, SEARCH_COUNT_CAP, SEARCH_PAGE_MAX, SEARCH_RANK_WINDOW } from "../../app/lib/constants";
import { noFilters, type ProductFilters } from "../../app/lib/product-filters";
import { getCompanyPage } from "../../app/models/catalogs.server";
import { loadHomePage } from "../../app/models/home.server";
import { listProducts } from "../../app/models/products.server";
import { makeDb } from "../../db/client";
import { SEED_CATEGORIES } from "../../db/seed/data";

const CHUNK = 50_000;

const NOUNS = `rice raisins tshirts shoes garments lamp router routers engraving extinguisher wigs hair cotton silk steel
 valve pump compressor helmet gloves mask thermometer bed chair desk paper printer scanner laptop keyboard monitor cable
 battery panel solar inverter generator turbine cement tiles rebar window door cashew pepper coffee tea maize wheat sugar
 oil shampoo cream brush polish soap detergent resin acid soda solvent dye fabric yarn denim leather bag wallet watch
 speaker headphones earbuds camera television phone charger adapter switch socket breaker transformer motor bearing gear
 tyre wheel brake filter headlight bumper mirror seat carpet curtain pillow blanket towel sofa table cabinet shelf`
  .split(/\s+/)
  .filter(Boolean);
const QUALIFIERS = "premium wholesale export bulk oem certified eco heavy custom new organic industrial smart portable".split(" ");
const COUNTRIES = ["China", "India", "Germany", "United States", "Turkey", "Vietnam", "Brazil", "Italy", "Japan", "Mexico"];
const COMPANIES = Array.from(
  { length: 500 },
  (_, i) => `${QUALIFIERS[i % QUALIFIERS.length]} ${NOUNS[(i * 7) % NOUNS.length]} trading ${i}`,
);
const UNITS = ["piece", "piece", "piece", "set", "box", "carton", "kilogram", "metric_ton", "metre", "pair"];
const MOQS = [1, 1, 10, 50, 100, 200, 500, 1000, 2000, 5000];
const CATEGORIES = [...SEED_CATEGORIES, "Home & Garden", "Toys", "Sports", "Packaging", "Furniture", "Food & Beverage"];

const SEARCH_TERMS = [
  "rice",
  "Raisins",
  "tshirts",
  "Shoes",
  "garments",
  "lamp",
  "routers",
  "engraving",
  "fire extinguisher",
  "hair wigs",
  "cotton",
  "silk",
  "steel valve",
  "pump",
  "air compressor",
  "safety helmet",
  "nitrile gloves",
  "mask",
  "thermometer",
  "hospital bed",
  "office chair",
  "desk",
  "laser printer",
  "scanner",
  "laptop",
  "keyboard",
  "monitor",
  "hdmi cable",
  "lithium battery",
  "solar panel",
  "inverter",
  "diesel generator",
  "cement",
  "ceramic tiles",
  "cashew",
  "black pepper",
  "green coffee",
  "maize",
  "argan shampoo",
  "face cream",
  "pvc resin",
  "citric acid",
  "denim",
  "leather bag",
  "smart watch",
  "bluetooth speaker",
  "headphones",
  "led bulb",
  "tyre",
  "brake pads",
];
const CATEGORY_FILTERS = [
  "Technology",
  "electronics",
  "Office",
  "industrial",
  "Fashion",
  "Healthcare",
  "Agriculture",
  "apparel",
  "Automobiles",
  "beauty",
  "Business",
  "chem",
  "Computer",
  "construction",
  "consumer",
  "Electrical",
  "Energy",
  "environment",
  "tech",
  "wear",
  "Home",
  "toys",
  "sport",
  "pack",
  "furn",
  "food",
  "care",
  "& ",
  "ing",
  "products",
];
const COMBINED = [
  ["rice", "agri"],
  ["tshirts", "fashion"],
  ["lamp", "electr"],
  ["pump", "industrial"],
  ["laptop", "computer"],
  ["solar", "energy"],
  ["gloves", "health"],
  ["chair", "office"],
  ["tyre", "auto"],
  ["cream", "beauty"],
  ["cement", "construction"],
  ["acid", "chem"],
  ["router", "tech"],
  ["shoes", "apparel"],
  ["steel", "industrial"],
  ["coffee", "agri"],
  ["battery", "energy"],
  ["speaker", "consumer"],
  ["cable", "electrical"],
  ["wigs", "beauty"],
] as const;

/** What one request may cost. Kinds without a goal are shown to catch regressions. */
const GOALS: Record<string, { wallP95Ms: number; rowsRead: number }> = {
  "search + count": { wallP95Ms: 50, rowsRead: 20_000 },
  "search last page": { wallP95Ms: 50, rowsRead: 20_000 },
  "search + category": { wallP95Ms: 50, rowsRead: 20_000 },
  "search + 2 filters, price": { wallP95Ms: 50, rowsRead: 20_000 },
  "category + 3 filters": { wallP95Ms: 50, rowsRead: 20_000 },
  "search + facet counts": { wallP95Ms: 50, rowsRead: 20_000 },
  "price sort, no search": { wallP95Ms: 50, rowsRead: 20_000 },
};
const SUMMARY_KINDS = [
  "search + count",
  "search last page",
  "search + category",
  "search + 2 filters, price",
  "category + 3 filters",
  "search + facet counts",
  "category + facet counts",
  "price sort, no search",
  "category page",
  "company page",
  "home page (one batch)",
];
/** The benchmark's supplier countries as the filter names them (COUNTRIES, in order). */
const COUNTRY_CODES = ["CN", "IN", "DE", "US", "TR", "VN", "BR", "IT", "JP", "MX"];
const filtersOf = (chosen: Partial<ProductFilters>): ProductFilters => ({ ...noFilters("USD"), ...chosen });

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Wraps the D1 binding to add up what D1 reports for each timed call: rows read and the time
 * the SQL itself took (the wall time adds the Worker's calls to D1 around it).
 */
function countingD1(d1: D1Database) {
  const counter = { rowsRead: 0, sqlMs: 0, statements: [] as { query: string; params: unknown[] }[] };
  const record = (result: D1Result) => {
    counter.rowsRead += result.meta?.rows_read ?? 0;
    counter.sqlMs += result.meta?.duration ?? 0;
    return result;
  };
  const wrapStatement = (statement: D1PreparedStatement, query: string): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        if (key === "bind") {
          return (...args: unknown[]) => {
            counter.statements.push({ query, params: args });
            return wrapStatement(target.bind(...args), query);
          };
        }
        if (key === "all" || key === "run") {
          return async () => record(await target[key]());
        }
        const value = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  const wrapped = new Proxy(d1, {
    get(target, key) {
      if (key === "prepare") return (query: string) => wrapStatement(target.prepare(query), query);
      if (key === "batch") return async (statements: D1PreparedStatement[]) => (await target.batch(statements)).map(record);
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1: wrapped, counter };
}

/** The benchmark's supplier companies: an account (that cannot sign in), a profile and a catalog each. */
const companyId = (i: number | string) => `bench-company-${i}`;

export async function generateProducts(d1: D1Database, TOTAL: number, log: (line: string) => void) {
  const started = Date.now();
  const lists = JSON.stringify({
    nouns: NOUNS,
    qualifiers: QUALIFIERS,
    countries: COUNTRIES,
    companies: COMPANIES,
    categories: CATEGORIES,
    kinds: [...BUSINESS_KINDS, null],
    units: UNITS,
    moqs: MOQS,
  });
  const base = Date.UTC(2026, 0, 1);
  const companies = `with recursive seq(i) as (select 0 union all select i + 1 from seq where i < ${COMPANIES.length - 1}), l(j) as (select ?1)`;
  await d1.batch([
    d1
      .prepare(
        `insert into users (id, email, password_hash, created_at) ${companies} select 'bench-supplier-' || i, 'bench-supplier-' || i || '@example.com', '!', ?2 from seq`,
      )
      .bind(lists, base),
    d1
      .prepare(
        `insert into profiles (id, email, full_name, company_name, country, membership_plan, created_at) ${companies}
         select 'bench-supplier-' || i, 'bench-supplier-' || i || '@example.com', json_extract(j, '$.companies[' || i || ']'),
           json_extract(j, '$.companies[' || i || ']'), json_extract(j, '$.countries[' || (i % 10) || ']'), 'enterprise', ?2 from seq, l`,
      )
      .bind(lists, base),
    d1
      .prepare(
        // A third verified, business types in turn (some unsaid), response rates spread from 0 to 100 (some new).
        `insert into catalogs (id, user_id, company_name, is_premium, created_at, business_type, response_rate, verified_since, verified_until) ${companies}
         select '${companyId("")}' || i, 'bench-supplier-' || i, json_extract(j, '$.companies[' || i || ']'), 1, ?2,
           json_extract(j, '$.kinds[' || (i % 5) || ']'),
           case when i % 7 = 0 then null else i * 37 % 101 end,
           case when i % 3 = 0 then ?2 end, case when i % 3 = 0 then ?2 + 31536000000 end
         from seq, l`,
      )
      .bind(lists, base),
  ]);
  for (let from = 1; from <= TOTAL; from += CHUNK) {
    const to = Math.min(TOTAL, from + CHUNK - 1);
    // Deterministic pseudo-random picks from the lists, generated inside SQLite; each product
    // belongs to one of the companies and shows its name and its owner's country.
    await d1
      .prepare(
        `insert into products (id, catalog_id, title, category, description, price, currency, image_url, image_urls, company_name, country, created_at,
           unit, moq, price_usd, price_tiers, lead_time_min, lead_time_max, samples)
         with recursive seq(n) as (select cast(?1 as integer) union all select n + 1 from seq where n < cast(?2 as integer)),
         l(j) as (select ?3)
         select n,
           '${companyId("")}' || (n * 3 % ${COMPANIES.length}),
           json_extract(j, '$.qualifiers[' || (n * 7 % 14) || ']') || ' ' || json_extract(j, '$.nouns[' || (n * 31 % ${NOUNS.length}) || ']')
             || ' ' || json_extract(j, '$.nouns[' || (n * 17 % ${NOUNS.length}) || ']'),
           json_extract(j, '$.categories[' || (n * 13 % ${CATEGORIES.length}) || ']'),
           'Quality ' || json_extract(j, '$.nouns[' || (n * 11 % ${NOUNS.length}) || ']') || ' for export, samples available, flexible minimum order.',
           case when n % 11 = 0 then null else (n * 7919 % 100000) / 100.0 end,
           case n % 4 when 0 then 'EUR' else 'USD' end,
           '/images/products/technology.svg',
           '["/images/products/technology.svg"]',
           json_extract(j, '$.companies[' || (n * 3 % ${COMPANIES.length}) || ']'),
           json_extract(j, '$.countries[' || (n * 3 % ${COMPANIES.length} % 10) || ']'),
           cast(?4 as integer) + n * 1000,
           json_extract(j, '$.units[' || (n * 5 % ${UNITS.length}) || ']'),
           json_extract(j, '$.moqs[' || (n * 3 % ${MOQS.length}) || ']'),
           case when n % 11 = 0 then null when n % 4 = 0 then (n * 7919 % 100000) / 100.0 / 0.87 else (n * 7919 % 100000) / 100.0 end,
           case when n % 11 = 0 then '[]' else json_array(json_object('from', json_extract(j, '$.moqs[' || (n * 3 % ${MOQS.length}) || ']'), 'price', (n * 7919 % 100000) / 100.0)) end,
           case when n % 5 = 0 then null else 3 + n * 13 % 60 end,
           case when n % 5 = 0 or n % 2 = 0 then null else 10 + n * 13 % 60 end,
           n % 2
         from seq, l`,
      )
      .bind(from, to, lists, base)
      .run();
  }
  log(
    `Generated ${TOTAL.toLocaleString("en")} products of ${COMPANIES.length} companies in ${Math.round((Date.now() - started) / 1000)} s.`,
  );
}

export async function measureQueries(rawD1: D1Database, log: (line: string) => void) {
  const { d1, counter } = countingD1(rawD1);
  const db = makeDb(d1);
  const kinds: Record<string, { label: string; run: () => Promise<unknown> }[]> = {
    // The cost of one call from the Worker to the local D1, to read the other rows against.
    "baseline select 1": Array.from({ length: 20 }, (_, i) => ({ label: `${i}`, run: () => db.all(sql`select 1`) })),
    "search + count": SEARCH_TERMS.map((term) => ({ label: term, run: () => listProducts(db, { search: term }) })),
    "search page 3": SEARCH_TERMS.slice(0, 20).map((term) => ({ label: term, run: () => listProducts(db, { search: term, page: 3 }) })),
    "search last page": SEARCH_TERMS.slice(0, 20).map((term) => ({
      label: term,
      run: () => listProducts(db, { search: term, page: SEARCH_PAGE_MAX }),
    })),
    "search + category": COMBINED.map(([search, category]) => ({
      label: `${search}/${category}`,
      run: () => listProducts(db, { search, category }),
    })),
    // Issue 39: filters, their counts and the sorts.
    "search + 2 filters, price": SEARCH_TERMS.slice(0, 20).map((term, i) => ({
      label: `${term} in ${COUNTRY_CODES[i % 10]}, verified, price low to high`,
      run: () =>
        listProducts(db, { search: term, filters: filtersOf({ countries: [COUNTRY_CODES[i % 10]], verified: true }), sort: "price_asc" }),
    })),
    "category + 3 filters": CATEGORY_FILTERS.slice(0, 20).map((category) => ({
      label: `${category}: samples, MOQ ≤ 500, answers ≥ 80 %`,
      run: () => listProducts(db, { category, filters: filtersOf({ samples: true, moqMax: 500, responseRate: 80 }) }),
    })),
    "search + facet counts": SEARCH_TERMS.slice(0, 20).map((term) => ({
      label: term,
      run: () => listProducts(db, { search: term, facets: true }),
    })),
    "category + facet counts": CATEGORY_FILTERS.slice(0, 10).map((category) => ({
      label: category,
      run: () => listProducts(db, { category, facets: true }),
    })),
    "price sort, no search": [
      ...[1, 2, 10, 60].map((page) => ({ label: `low to high, page ${page}`, run: () => listProducts(db, { sort: "price_asc", page }) })),
      ...[1, 10].map((page) => ({ label: `high to low, page ${page}`, run: () => listProducts(db, { sort: "price_desc", page }) })),
      ...CATEGORY_FILTERS.slice(0, 10).map((category) => ({
        label: `${category}, low to high`,
        run: () => listProducts(db, { category, sort: "price_asc" }),
      })),
    ],
    "category page": CATEGORY_FILTERS.map((category) => ({ label: category, run: () => listProducts(db, { category }) })),
    "category page 5": CATEGORY_FILTERS.slice(0, 10).map((category) => ({
      label: category,
      run: () => listProducts(db, { category, page: 5 }),
    })),
    "all products": [1, 2, 10, 100].map((page) => ({ label: `page ${page}`, run: () => listProducts(db, { page }) })),
    // A company with its product count and a page of its listings: one batch.
    "company page": Array.from({ length: 20 }, (_, i) => ({
      label: companyId(i * 7),
      run: () => getCompanyPage(db, companyId(i * 7), 1 + (i % 3), COMPANY_PRODUCTS_PAGE_SIZE),
    })),
    "home page (one batch)": Array.from({ length: 20 }, (_, i) => ({
      label: `home ${i}`,
      // A version no read ever has: the batch runs every time instead of the kept copy.
      run: () => loadHomePage(db, -1, "en"),
    })),
  };

  for (const cases of Object.values(kinds)) for (const c of cases) await c.run(); // warm the page cache once

  const summary = new Map<string, { wallP95: number; rowsP95: number; rowsMax: number }>();
  const header = ["query kind".padEnd(26), "n", "SQL p50", "SQL p95", "SQL max", "wall p50", "wall p95", "rows read p95", "rows max"];
  log(`\nSQL = time D1 reports for the statements (summed); wall = the model call as the Worker sees it.`);
  log(header.map((h, i) => (i === 0 ? h : h.padStart(i === 1 ? 4 : 9))).join(" "));
  for (const [kind, cases] of Object.entries(kinds)) {
    const wall: number[] = [];
    const sqlTimes: number[] = [];
    const rows: number[] = [];
    for (const c of cases) {
      counter.rowsRead = 0;
      counter.sqlMs = 0;
      const started = performance.now();
      await c.run();
      wall.push(performance.now() - started);
      sqlTimes.push(counter.sqlMs);
      rows.push(counter.rowsRead);
    }
    for (const list of [wall, sqlTimes, rows]) list.sort((a, b) => a - b);
    const ms = (n: number) => n.toFixed(1).padStart(9);
    summary.set(kind, { wallP95: percentile(wall, 95), rowsP95: percentile(rows, 95), rowsMax: rows[rows.length - 1] });
    log(
      [
        kind.padEnd(26),
        String(cases.length).padStart(4),
        ms(percentile(sqlTimes, 50)),
        ms(percentile(sqlTimes, 95)),
        ms(sqlTimes[sqlTimes.length - 1]),
        ms(percentile(wall, 50)),
        ms(percentile(wall, 95)),
        String(percentile(rows, 95)).padStart(13),
        String(rows[rows.length - 1]).padStart(9),
      ].join(" "),
    );
  }

  log(
    `\nPer request (rows read = D1's rows_read summed over the request's statements; count exact to ${SEARCH_COUNT_CAP.toLocaleString("en")}, BM25 over the newest ${SEARCH_RANK_WINDOW.toLocaleString("en")} matches):`,
  );
  log(["".padEnd(26), "wall p95", "goal", "rows p95", "rows max", "goal", ""].map((h, i) => (i === 0 ? h : h.padStart(9))).join(" "));
  for (const kind of SUMMARY_KINDS) {
    const s = summary.get(kind)!;
    const goal = GOALS[kind];
    const met = goal ? (s.wallP95 <= goal.wallP95Ms && s.rowsMax <= goal.rowsRead ? "met" : "MISSED") : "";
    log(
      [
        kind.padEnd(26),
        `${s.wallP95.toFixed(1)} ms`.padStart(9),
        (goal ? `≤ ${goal.wallP95Ms} ms` : "—").padStart(9),
        String(s.rowsP95).padStart(9),
        String(s.rowsMax).padStart(9),
        (goal ? `≤ ${goal.rowsRead}` : "—").padStart(9),
        met.padStart(9),
      ].join(" "),
    );
  }

  log("\nQuery plans:");
  // The statements the model runs, as written in app/models/products.server.ts.
  const plans: Record<string, string> = {
    "search page": `with matched as (select rowid as id, bm25(products_fts, 10.0, 5.0, 1.0, 0.5, 0.0) as score from products_fts where products_fts match '"rice"*' order by rowid desc limit ${SEARCH_RANK_WINDOW}), ranked as (select id, score from matched order by score, id limit 50 offset 0) select p.* from ranked join products p on p.id = ranked.id order by ranked.score, ranked.id`,
    "search count": `select count(*) as total from (select rowid as id from products_fts where products_fts match '"rice"*' order by rowid desc limit ${SEARCH_COUNT_CAP + 1})`,
    "search + category count": `select count(*) as total from (select rowid as id from products_fts where products_fts match '("lamp"*) AND category : ("electronics")' order by rowid desc limit ${SEARCH_COUNT_CAP + 1})`,
    "category match": `select name, product_count, name like '%tech%' escape '\\' as hit from product_categories`,
    "category page (per category)": `select * from products where category = 'Technology' order by created_at desc, id desc limit 50`,
    "all products": `select * from products order by created_at desc, id desc limit 50 offset 50`,
    "price low to high": `select * from products order by ifnull(price_usd, 1e308), id limit 50 offset 50`,
    "price high to low": `select * from products order by price_usd desc, id desc limit 50 offset 50`,
    "MOQ low to high": `select * from products order by moq, id limit 50`,
    "category, price low to high": `select * from products where category = 'Technology' order by ifnull(price_usd, 1e308), id limit 50`,
    "category, price high to low": `select * from products where category = 'Technology' order by price_usd desc, id desc limit 50`,
    "category, MOQ low to high": `select * from products where category = 'Technology' order by moq, id limit 50`,
    featured: `select * from products where id > 0 order by id asc limit 12`,
    "company page": `select * from products where catalog_id = 'bench-company-7' order by created_at desc, id desc limit 24 offset 24`,
    "company product count": `select count(*) from products p where p.catalog_id = 'bench-company-7'`,
  };

  for (const [name, query] of Object.entries(plans)) {
    const rows = await db.all<{ detail: string }>(sql.raw(`explain query plan ${query}`));
    log(`  ${name}: ${rows.map((r) => r.detail).join(" | ")}`);
  }

  // The statements the model sends for one case of each new kind, as sent (bound), with their plans.
  for (const kind of ["search + 2 filters, price", "category + 3 filters", "search + facet counts", "price sort, no search"]) {
    const first = kinds[kind][0];
    counter.statements = [];
    await first.run();
    const seen = new Set<string>();
    log(`\n  ${kind} (${first.label}):`);
    for (const { query, params } of counter.statements) {
      if (seen.has(query) || query.startsWith("select name, product_count")) continue;
      seen.add(query);
      const { results } = await rawD1
        .prepare(`explain query plan ${query}`)
        .bind(...params)
        .all<{ detail: string }>();
      log(`    ${query.replace(/\s+/g, " ").slice(0, 160)}…\n      ${results.map((r) => r.detail).join(" | ")}`);
    }
  }
}
