/**
 * The analytics benchmark's data and cases: 1,000,000 page views spread evenly over the last 90
 * days (made inside SQLite, with the daily rollups built from them as recording would have), then
 * the dashboard's own query for each range, with p50/p95/max, and the cost of recording a view and
 * of folding a minute of views into the rollups.
 */
import { ANALYTICS_FOLD_MAX_VIEWS, ANALYTICS_RANGES } from "../../app/lib/constants";
import { foldPageViews, loadDashboard, recordPageViews } from "../../app/models/analytics.server";
import { makeDb } from "../../db/client";

const CHUNK = 50_000;
const DAY_MS = 86_400_000;
const SITE_PAGES = [
  "/",
  "/products",
  "/trade-leads",
  "/membership",
  "/contact",
  "/blog",
  "/auth",
  "/cart",
  "/forum",
  "/companies",
  "/products?category=Technology",
  "/trade-leads/new",
  "/requests",
  "/catalog",
  "/blog/incoterms-2020",
  "/blog/letters-of-credit",
  "/news/1",
  "/news/2",
  "/product/1",
  "/product/2",
];
const COUNTRIES = ["US", "CN", "IN", "DE", "GB", "FR", "BR", "JP", "TR", "VN", "IT", "MX", "ES", "CA", "AU", "NL", "KR", "AE", "NG", "RO"];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Views every ~7.8 s; a third from visitors who see one page, the rest from about 3,700 visitors
 * a day with ~2 views each; 40% of views on 20 site
 * pages, 60% on 5,000 product pages (popular ones more often); 45/40/15 desktop/mobile/tablet;
 * 20 countries and some unknown.
 */
export async function generatePageViews(d1: D1Database, total: number, now: number, log: (line: string) => void) {
  const started = Date.now();
  const first = now - 90 * DAY_MS;
  const step = (90 * DAY_MS) / total;
  const lists = JSON.stringify({ pages: SITE_PAGES, countries: COUNTRIES });
  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    await d1
      .prepare(
        `insert into page_views (id, path, visitor_hash, device, country, created_at)
         with recursive seq(n) as (select cast(?1 as integer) union all select n + 1 from seq where n < cast(?2 as integer)),
         l(j) as (select ?3),
         v(n, t, r) as (select n, cast(?4 + n * ?5 as integer), (n * 2654435761) % 1000003 / 1000003.0 from seq)
         select n,
           case when n % 5 < 2 then json_extract(j, '$.pages[' || (n * 7 % ${SITE_PAGES.length}) || ']')
                else '/product/' || (1 + cast(5000 * r * r * r as integer)) end,
           'v' || (t / ${DAY_MS}) || '-' || case when n % 3 = 0 then 'once-' || n else (n * 7919) % 3700 end,
           case when (n * 7919) % 3700 % 20 < 9 then 'desktop' when (n * 7919) % 3700 % 20 < 17 then 'mobile' else 'tablet' end,
           case when (n * 7919) % 3700 % 23 >= 20 then null else json_extract(j, '$.countries[' || ((n * 7919) % 3700 % 23) || ']') end,
           t
         from v, l`,
      )
      .bind(from, to, lists, first, step)
      .run();
  }
  log(`Generated ${total.toLocaleString("en")} page views over 90 days in ${Math.round((Date.now() - started) / 1000)} s.`);

  // The rollups as folding keeps them, built in one go from the views, and every view marked folded.
  const rollupStarted = Date.now();
  const day = "strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')";
  await d1.batch([
    d1.prepare(
      `insert into analytics_visitor_days (day, visitor_hash, views, first_at, last_at, device, country)
       select ${day}, visitor_hash, count(*), min(created_at), max(created_at), min(device), coalesce(min(country), '') from page_views group by 1, 2`,
    ),
    d1.prepare(
      `insert into analytics_days (day, visitors, views, bounces, duration_ms)
       select day, count(*), sum(views), sum(views = 1), sum(last_at - first_at) from analytics_visitor_days group by day`,
    ),
    d1.prepare(`insert into analytics_page_days (day, path, views) select ${day}, path, count(*) from page_views group by 1, 2`),
    d1.prepare(
      `insert into analytics_segment_days (day, kind, value, visitors)
       select day, 'device', device, count(*) from analytics_visitor_days group by day, device`,
    ),
    d1.prepare(
      `insert into analytics_segment_days (day, kind, value, visitors)
       select day, 'country', country, count(*) from analytics_visitor_days group by day, country`,
    ),
  ]);
  await d1
    .prepare(
      "insert into analytics_folded (id, through_id) select 1, max(id) from page_views where true on conflict (id) do update set through_id = excluded.through_id",
    )
    .run();
  const counts = await d1
    .prepare(
      `select (select count(*) from analytics_visitor_days) as visitorDays, (select count(*) from analytics_page_days) as pageDays,
              (select count(*) from analytics_days) as days, (select count(*) from analytics_segment_days) as segmentDays`,
    )
    .first<Record<string, number>>();
  log(`Built the rollups in ${Math.round((Date.now() - rollupStarted) / 1000)} s: ${JSON.stringify(counts)}.`);
}

export async function measureDashboard(d1: D1Database, now: number, log: (line: string) => void, runs = 50) {
  const db = makeDb(d1);
  for (const range of ANALYTICS_RANGES) await loadDashboard(db, range, now); // warm the page cache once
  // What one call from the Worker to the local D1 costs on this machine, to read the rest against.
  const baseline: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await d1.prepare("select 1").all();
    baseline.push(performance.now() - started);
  }
  baseline.sort((a, b) => a - b);
  log(`
baseline: one 'select 1' round trip p50 ${percentile(baseline, 50).toFixed(1)} ms, p95 ${percentile(baseline, 95).toFixed(1)} ms.`);
  log("\nloadDashboard (totals with the previous period, top pages, devices, countries, real-time), wall ms as the Worker sees it:");
  log(`${"range".padEnd(6)} ${"n".padStart(4)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"max".padStart(8)}   figures`);
  for (const range of ANALYTICS_RANGES) {
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof loadDashboard>> | null = null;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      last = await loadDashboard(db, range, now);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const ms = (n: number) => n.toFixed(1).padStart(8);
    log(
      `${range.padEnd(6)} ${String(runs).padStart(4)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))} ${ms(times[times.length - 1])}   ` +
        `visitors ${last!.visitors.value}, views ${last!.pageViews.value}, bounce ${last!.bounceRate.value.toFixed(1)}%, top ${last!.topPages[0]?.path} (${last!.topPages[0]?.views})`,
    );
  }

  const writes: number[] = [];
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    await recordPageViews(db, [
      {
        path: `/product/${i % 50}`,
        visitorHash: `bench-writer-${i % 40}`,
        device: "desktop",
        country: "US",
        at: now + i,
      },
    ]);
    writes.push(performance.now() - started);
  }
  writes.sort((a, b) => a - b);
  log(
    `\nrecordPageViews of one view (one statement, after the response): p50 ${percentile(writes, 50).toFixed(1)} ms, p95 ${percentile(writes, 95).toFixed(1)} ms over 200 views.`,
  );
  // A minute of a busy site's views, from 2,000 visitors, folded into the rollups in one batch.
  const views = Array.from({ length: ANALYTICS_FOLD_MAX_VIEWS }, (_, i) => ({
    path: `/product/${i % 500}`,
    visitorHash: `bench-folder-${i % 2000}`,
    device: "mobile" as const,
    country: "DE",
    at: now + 60_000 + i,
  }));
  for (let i = 0; i < views.length; i += 100) await recordPageViews(db, views.slice(i, i + 100));
  const foldStarted = performance.now();
  const folded = await foldPageViews(db);
  const foldMs = performance.now() - foldStarted;
  log(
    `foldPageViews: ${folded.toLocaleString("en")} views (and the 200 above) in ${foldMs.toFixed(0)} ms, ${((foldMs / folded) * 1000).toFixed(0)} µs a view.`,
  );

  log("\nQuery plans:");
  const plans: Record<string, string> = {
    "totals (rollup)": "select sum(visitors) from analytics_days where day >= '2026-01-01' and day <= '2026-03-31'",
    "top pages, candidates":
      'select d.value as day, (select json_group_array(json_array(path, views)) from (select path, views from analytics_page_days q where q.day = d.value order by views desc limit 50)) as top from json_each(\'["2026-01-01","2026-01-02"]\') d',
    "top pages, candidates' totals (when needed)":
      "select path, sum(views) as c from analytics_page_days where path in (select value from json_each('[\"/\"]')) and day >= '2026-01-01' and day <= '2026-03-31' group by path order by c desc limit 5",
    "countries (rollup)":
      "select value, sum(visitors) as c from analytics_segment_days where kind = 'country' and day >= '2026-01-01' and day <= '2026-03-31' group by value order by c desc limit 5",
    "24h sessions":
      "select count(*), sum(views = 1) from analytics_visitor_days where day in ('2026-01-01', '2026-01-02') and last_at >= 0 and last_at < 1",
    "fold: the views not yet folded":
      "select id, path from page_views where id > coalesce((select through_id from analytics_folded where id = 1), 0) order by id limit 5000",
    "24h top pages (raw)":
      "select path, count(*) as c from page_views where created_at >= 0 and created_at < 1 group by path order by c desc, path limit 5",
  };
  for (const [name, query] of Object.entries(plans)) {
    const { results } = await d1.prepare(`explain query plan ${query}`).all<{ detail: string }>();
    log(`  ${name}: ${results.map((r) => r.detail).join(" | ")}`);
  }
}
