import { daysBetween, percentChange, periodsOf, utcDay, type AnalyticsRange, type Device } from "~/lib/analytics";
import {
  ANALYTICS_FOLD_MAX_BATCHES,
  ANALYTICS_FOLD_MAX_VIEWS,
  ANALYTICS_REALTIME_MINUTES,
  ANALYTICS_TOP_COUNTRIES,
  ANALYTICS_TOP_PAGES,
} from "~/lib/constants";
import type { Database } from "../../db/client";

export interface PageView {
  path: string;
  visitorHash: string;
  device: Device;
  country: string | null;
  at: number;
}

/**
 * Stores page views, any number in one statement (one JSON parameter). Only the raw views: the
 * rollups take them in later, in bulk (`foldPageViews`), which costs a view a fraction of what
 * bringing five tables up to date for every batch did.
 */
export async function recordPageViews(db: Database, views: PageView[]) {
  if (views.length === 0) return;
  const rows = JSON.stringify(views.map((v) => [v.path, v.visitorHash, v.device, v.country, v.at]));
  await db.$client
    .prepare(
      `insert into page_views (path, visitor_hash, device, country, created_at)
       select value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4 from json_each(?1) order by key`,
    )
    .bind(rows)
    .run();
}

// The views not yet folded, oldest first, at most ?1 of them: rows by id after the mark.
const PENDING = `with v as (
    select id as n, path, visitor_hash as hash, device, country, created_at as at, date(created_at / 1000, 'unixepoch') as day
    from page_views where id > coalesce((select through_id from analytics_folded where id = 1), 0) order by id limit ?1),
  g as (select day, hash, count(*) as views, min(at) as first_at, max(at) as last_at, min(n) as first_n from v group by day, hash)`;
// A visitor-day of the fold with the visitor's row as it was before it (s.* null when new).
const GROUPS = "g left join analytics_visitor_days s on s.day = g.day and s.visitor_hash = g.hash";
// A visitor-day that is new in this fold, with the device and country of its first view.
const NEWCOMERS = `${PENDING}, fresh as (
    select g.day, v.device, coalesce(v.country, '') as country from ${GROUPS} join v on v.n = g.first_n where s.day is null)`;

/**
 * Brings the days' rollups up to date with the oldest `max` views not yet folded, in one batch
 * (one transaction, one round trip), and moves the mark past them; resolves with how many it
 * folded. Folding in one go or in pieces gives the figures of the views taken one by one: a
 * visitor-day's totals and segments compare the visitor's row as it was before the fold with what
 * the fold adds, and only then is the row written. A visitor-day's device and country are those
 * of its first view. Two folds at once cannot take the same views: each batch is a transaction.
 */
export async function foldPageViews(db: Database, max = ANALYTICS_FOLD_MAX_VIEWS) {
  const d1 = db.$client;
  const statement = (sql: string) => d1.prepare(sql).bind(max);
  const [count] = await d1.batch<{ folded: number }>([
    statement(`${PENDING} select count(*) as folded from v`),
    statement(`${PENDING} insert into analytics_days (day) select distinct day from v where true on conflict (day) do nothing`),
    // Sums of what each view would add alone: a bounce is a visitor-day of one view, and a visit
    // lasts from its first view to its last.
    statement(
      `${PENDING}, d as (
         select g.day, sum(g.views) as views, sum(s.day is null) as visitors,
           sum((coalesce(s.views, 0) + g.views = 1) - (coalesce(s.views, 0) = 1)) as bounces,
           sum(coalesce((max(s.last_at, g.last_at) - min(s.first_at, g.first_at)) - (s.last_at - s.first_at), g.last_at - g.first_at)) as duration
         from ${GROUPS} group by g.day)
       update analytics_days set views = analytics_days.views + d.views, visitors = analytics_days.visitors + d.visitors,
         bounces = analytics_days.bounces + d.bounces, duration_ms = analytics_days.duration_ms + d.duration
       from d where analytics_days.day = d.day`,
    ),
    statement(
      `${NEWCOMERS}
       insert into analytics_segment_days (day, kind, value, visitors)
       select day, 'device', device, count(*) from fresh group by day, device
       union all select day, 'country', country, count(*) from fresh group by day, country
       on conflict (day, kind, value) do update set visitors = visitors + excluded.visitors`,
    ),
    statement(
      `${PENDING} insert into analytics_page_days (day, path, views) select day, path, count(*) from v group by day, path
       on conflict (day, path) do update set views = views + excluded.views`,
    ),
    statement(
      `${PENDING} insert into analytics_visitor_days (day, visitor_hash, views, first_at, last_at, device, country)
       select g.day, g.hash, g.views, g.first_at, g.last_at, v.device, coalesce(v.country, '') from g join v on v.n = g.first_n where true
       on conflict (day, visitor_hash) do update set
         views = views + excluded.views, first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at)`,
    ),
    statement(
      `${PENDING} insert into analytics_folded (id, through_id) select 1, max(n) from v having count(*) > 0
       on conflict (id) do update set through_id = excluded.through_id`,
    ),
  ]);
  return num(count.results[0]?.folded);
}

/**
 * Folds every view written so far, in batches of `ANALYTICS_FOLD_MAX_VIEWS`, at most
 * `ANALYTICS_FOLD_MAX_BATCHES` of them (a backlog beyond that is left to the next call).
 */
export async function foldAllPageViews(db: Database) {
  let total = 0;
  for (let batch = 0; batch < ANALYTICS_FOLD_MAX_BATCHES; batch++) {
    const folded = await foldPageViews(db);
    total += folded;
    if (folded < ANALYTICS_FOLD_MAX_VIEWS) break;
  }
  return total;
}

type D1 = Database["$client"];
type Totals = { visitors: number; views: number; bounces: number; duration: number };
type Row = { value: string; count: number };

const num = (v: unknown) => Number(v ?? 0);
const totalsOf = (row: Record<string, unknown> | undefined, prefix: string): Totals => ({
  visitors: num(row?.[`${prefix}visitors`]),
  views: num(row?.[`${prefix}views`]),
  bounces: num(row?.[`${prefix}bounces`]),
  duration: num(row?.[`${prefix}duration`]),
});
const rows = (result: D1Result<Record<string, unknown>>): Row[] =>
  result.results.map((r) => ({ value: String(r.value), count: num(r.count) }));

type Results = D1Result<Record<string, unknown>>[];

/**
 * The last 24 hours and the 24 before them. Sessions (visitor-days) count in the period of their
 * last view, read from the rollup by last view time; views and top pages come from the raw views,
 * through indexes that start with the time.
 */
function hourStatements(d1: D1, from: number, to: number, previousFrom: number) {
  const sessions = "from analytics_visitor_days where day in (?1, ?2) and last_at >= ?3 and last_at < ?4";
  const totals = `select count(*) as visitors, coalesce(sum(views = 1), 0) as bounces, coalesce(sum(last_at - first_at), 0) as duration ${sessions}`;
  const current = [utcDay(from), utcDay(to), from, to];
  const statements = [
    d1.prepare(totals).bind(...current),
    d1.prepare(totals).bind(utcDay(previousFrom), utcDay(from), previousFrom, from),
    d1
      .prepare(
        `select (select count(*) from page_views where created_at >= ?1 and created_at < ?2) as views,
                (select count(*) from page_views where created_at >= ?3 and created_at < ?1) as p_views`,
      )
      .bind(from, to, previousFrom),
    d1
      .prepare(
        `select path as value, count(*) as count from page_views where created_at >= ?1 and created_at < ?2 group by path order by count desc, path limit ${ANALYTICS_TOP_PAGES}`,
      )
      .bind(from, to),
    d1.prepare(`select device as value, count(*) as count ${sessions} group by device`).bind(...current),
    d1
      .prepare(
        `select country as value, count(*) as count ${sessions} and country <> '' group by country order by count desc, country limit ${ANALYTICS_TOP_COUNTRIES}`,
      )
      .bind(...current),
  ];
  const read = async ([totalsNow, totalsBefore, views, pages, devices, countries]: Results) => {
    const viewRow = views.results[0];
    return {
      current: { ...totalsOf(totalsNow.results[0], ""), views: num(viewRow?.views) },
      previous: { ...totalsOf(totalsBefore.results[0], ""), views: num(viewRow?.p_views) },
      pages: rows(pages),
      devices: rows(devices),
      countries: rows(countries),
    };
  };
  return { statements, read };
}

/** How many of each day's most viewed paths are read as candidates for the top pages. */
const TOP_PAGE_CANDIDATES_PER_DAY = 50;

/**
 * Top pages over whole days without summing every path of every day: each day's 50 most viewed
 * paths are the candidates. A path missing from a full day's list had at most that day's 50th
 * count there, which bounds what any path can have. The answer stands when the fifth page's
 * count is exact and beats every bound; otherwise the candidates' exact totals are summed (and
 * checked the same way), and only then, every path.
 */
async function topPagesOfDays(d1: D1, lists: { day: string; top: string | null }[], fromDay: string, toDay: string): Promise<Row[]> {
  const days = lists.map((l) => (JSON.parse(l.top ?? "[]") as [string, number][]).map(([path, views]) => ({ path, views: num(views) })));
  const floors = days.map((list) => (list.length >= TOP_PAGE_CANDIDATES_PER_DAY ? Math.min(...list.map((c) => c.views)) : 0));
  const bound = floors.reduce((a, b) => a + b, 0);
  const seen = new Map<string, { views: number; upper: number }>();
  days.forEach((list) => {
    for (const c of list) {
      const entry = seen.get(c.path) ?? { views: 0, upper: bound };
      seen.set(c.path, entry);
      entry.views += c.views;
    }
  });
  // A path's most: what it had where it was listed, plus the floor of every day it was not.
  days.forEach((list, i) => {
    for (const c of list) seen.get(c.path)!.upper -= floors[i];
  });
  for (const entry of seen.values()) entry.upper += entry.views;
  const ranked = [...seen.entries()].map(([path, e]) => ({ path, ...e })).sort((a, b) => b.views - a.views || (a.path < b.path ? -1 : 1));
  const top = ranked.slice(0, ANALYTICS_TOP_PAGES);
  const others = Math.max(bound, ...ranked.slice(ANALYTICS_TOP_PAGES).map((r) => r.upper));
  const exact = top.every((r) => r.upper === r.views);
  if (exact && (top.length < ANALYTICS_TOP_PAGES || top[top.length - 1].views > others))
    return top.map((r) => ({ value: r.path, count: r.views }));

  const sumOf = (where: string, ...params: unknown[]) =>
    d1
      .prepare(
        `select path as value, sum(views) as count from analytics_page_days where ${where} group by path order by count desc, path limit ${ANALYTICS_TOP_PAGES}`,
      )
      .bind(...params)
      .all()
      .then(rows);
  const candidates = await sumOf(
    "path in (select value from json_each(?1)) and day >= ?2 and day <= ?3",
    JSON.stringify([...seen.keys()]),
    fromDay,
    toDay,
  );
  if (candidates.length < ANALYTICS_TOP_PAGES || num(candidates[ANALYTICS_TOP_PAGES - 1].count) > bound) return candidates;
  return sumOf("day >= ?1 and day <= ?2", fromDay, toDay);
}

/** Whole UTC days from the rollups: a few rows per day for the totals, devices and countries. */
function dayStatements(d1: D1, fromDay: string, toDay: string, previousFromDay: string) {
  const totals = (prefix: string, when: string) =>
    ["visitors", "views", "bounces"].map((c) => `coalesce(sum(case when ${when} then ${c} end), 0) as ${prefix}${c}`).join(", ") +
    `, coalesce(sum(case when ${when} then duration_ms end), 0) as ${prefix}duration`;
  const statements = [
    d1
      .prepare(`select ${totals("", "day >= ?1")}, ${totals("p_", "day < ?1")} from analytics_days where day >= ?3 and day <= ?2`)
      .bind(fromDay, toDay, previousFromDay),
    // Each day of the range: its most viewed paths, one short index read per day.
    d1
      .prepare(
        `select d.value as day, (select json_group_array(json_array(path, views)) from (
           select path, views from analytics_page_days q where q.day = d.value order by views desc limit ${TOP_PAGE_CANDIDATES_PER_DAY})) as top
         from json_each(?1) d`,
      )
      .bind(JSON.stringify(daysBetween(fromDay, toDay))),
    d1
      .prepare(
        "select value, sum(visitors) as count from analytics_segment_days where kind = 'device' and day >= ?1 and day <= ?2 group by value",
      )
      .bind(fromDay, toDay),
    d1
      .prepare(
        `select value, sum(visitors) as count from analytics_segment_days where kind = 'country' and day >= ?1 and day <= ?2 and value <> ''
         group by value order by count desc, value limit ${ANALYTICS_TOP_COUNTRIES}`,
      )
      .bind(fromDay, toDay),
  ];
  const read = async ([totalsResult, lists, devices, countries]: Results) => {
    const row = totalsResult.results[0];
    return {
      current: totalsOf(row, ""),
      previous: totalsOf(row, "p_"),
      pages: await topPagesOfDays(d1, lists.results as { day: string; top: string | null }[], fromDay, toDay),
      devices: rows(devices),
      countries: rows(countries),
    };
  };
  return { statements, read };
}

const DEVICES: Device[] = ["desktop", "mobile", "tablet"];
const share = (part: number, whole: number) => (whole ? (part / whole) * 100 : 0);

/**
 * The dashboard's figures for a range, with each headline's change against the previous period
 * of the same length, once the views not yet folded are in the rollups: one batch (one round trip
 * to D1) to fold and one to read, in the usual case. Sessions are
 * visitor-days (the visitor hash changes every day): bounce rate is the share of them with one
 * view, duration runs from their first view to their last.
 */
export async function loadDashboard(db: Database, range: AnalyticsRange, now = Date.now()) {
  await foldAllPageViews(db);
  const d1 = db.$client;
  const periods = periodsOf(range, now);
  const { statements, read } =
    periods.kind === "hours"
      ? hourStatements(d1, periods.from, periods.to, periods.previousFrom)
      : dayStatements(d1, periods.fromDay, periods.toDay, periods.previousFromDay);
  const realtime = d1
    .prepare("select count(distinct visitor_hash) as count from page_views where created_at >= ?1")
    .bind(now - ANALYTICS_REALTIME_MINUTES * 60_000);
  const results = await d1.batch<Record<string, unknown>>([...statements, realtime]);
  const figures = await read(results);
  const { current, previous } = figures;
  const avgSession = (t: Totals) => (t.visitors ? t.duration / t.visitors : 0);
  const bounceRate = (t: Totals) => share(t.bounces, t.visitors);
  const deviceTotal = figures.devices.reduce((sum, d) => sum + num(d.count), 0);
  return {
    range,
    visitors: { value: current.visitors, change: percentChange(current.visitors, previous.visitors) },
    pageViews: { value: current.views, change: percentChange(current.views, previous.views) },
    avgSessionMs: { value: avgSession(current), change: percentChange(avgSession(current), avgSession(previous)) },
    bounceRate: { value: bounceRate(current), change: percentChange(bounceRate(current), bounceRate(previous)) },
    realtime: num(results.at(-1)?.results[0]?.count),
    topPages: figures.pages.map((p) => ({ path: p.value, views: num(p.count) })),
    devices: DEVICES.map((device) => {
      const visitors = num(figures.devices.find((d) => d.value === device)?.count);
      return { device, visitors, percent: share(visitors, deviceTotal) };
    }),
    countries: figures.countries.map((c) => ({ country: c.value, visitors: num(c.count), percent: share(num(c.count), current.visitors) })),
  };
}
