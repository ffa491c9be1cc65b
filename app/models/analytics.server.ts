import type { Database } from "../../db/client";
import { ANALYTICS_REALTIME_MINUTES, ANALYTICS_TOP_COUNTRIES, ANALYTICS_TOP_PAGES } from "~/lib/constants";
import { percentChange, periodsOf, utcDay, type AnalyticsRange, type Device } from "~/lib/analytics";

export interface PageView {
  path: string;
  visitorHash: string;
  device: Device;
  country: string | null;
  at: number;
}

const SEEN = "select 1 from analytics_visitor_days where day = ?1 and visitor_hash = ?2";
const VISITOR = "from analytics_visitor_days where day = ?1 and visitor_hash = ?2";

/**
 * Stores one page view and brings the day's rollups up to date in the same batch (one
 * transaction, one round trip). The order matters: the totals and segments read the visitor's
 * row as it was before this view, then the row is written.
 */
export async function recordPageView(db: Database, view: PageView) {
  const d1 = db.$client;
  const day = utcDay(view.at);
  const segment = (kind: "device" | "country", value: string) =>
    d1
      .prepare(
        `insert into analytics_segment_days (day, kind, value, visitors)
         select ?1, ?3, ?4, 1 where not exists (${SEEN})
         on conflict (day, kind, value) do update set visitors = visitors + 1`,
      )
      .bind(day, view.visitorHash, kind, value);
  await d1.batch([
    d1
      .prepare("insert into page_views (path, visitor_hash, device, country, created_at) values (?1, ?2, ?3, ?4, ?5)")
      .bind(view.path, view.visitorHash, view.device, view.country, view.at),
    d1.prepare("insert into analytics_days (day) values (?1) on conflict (day) do nothing").bind(day),
    d1
      .prepare(
        `update analytics_days set
           views = views + 1,
           visitors = visitors + not exists (${SEEN}),
           bounces = bounces + coalesce((select case views when 1 then -1 else 0 end ${VISITOR}), 1),
           duration_ms = duration_ms + coalesce((select (max(last_at, ?3) - min(first_at, ?3)) - (last_at - first_at) ${VISITOR}), 0)
         where day = ?1`,
      )
      .bind(day, view.visitorHash, view.at),
    segment("device", view.device),
    segment("country", view.country ?? ""),
    d1
      .prepare(
        `insert into analytics_visitor_days (day, visitor_hash, views, first_at, last_at) values (?1, ?2, 1, ?3, ?3)
         on conflict (day, visitor_hash) do update set
           views = views + 1, first_at = min(first_at, excluded.first_at), last_at = max(last_at, excluded.last_at)`,
      )
      .bind(day, view.visitorHash, view.at),
    d1
      .prepare("insert into analytics_page_days (day, path, views) values (?1, ?2, 1) on conflict (day, path) do update set views = views + 1")
      .bind(day, view.path),
  ]);
}

type Totals = { visitors: number; views: number; bounces: number; duration: number };
type Row = { value: string; count: number };

const num = (v: unknown) => Number(v ?? 0);
const totalsOf = (row: Record<string, unknown> | undefined, prefix: string): Totals => ({
  visitors: num(row?.[`${prefix}visitors`]),
  views: num(row?.[`${prefix}views`]),
  bounces: num(row?.[`${prefix}bounces`]),
  duration: num(row?.[`${prefix}duration`]),
});

/** The last 24 hours and the 24 before them, from the raw views (a visitor-day is a session). */
function rawStatements(d1: Database["$client"], from: number, to: number, previousFrom: number) {
  const sessions = `select visitor_hash, count(*) as views, max(created_at) - min(created_at) as span, min(device) as device, min(country) as country
    from page_views where created_at >= ?1 and created_at < ?2 group by visitor_hash`;
  const totals = (prefix: string) =>
    `count(*) as ${prefix}visitors, coalesce(sum(views), 0) as ${prefix}views, coalesce(sum(views = 1), 0) as ${prefix}bounces, coalesce(sum(span), 0) as ${prefix}duration`;
  return [
    d1
      .prepare(
        `select * from (select ${totals("")} from (${sessions})),
                       (select ${totals("p_")} from (${sessions.replace("?1", "?3").replace("?2", "?1")}))`,
      )
      .bind(from, to, previousFrom),
    d1
      .prepare(`select path as value, count(*) as count from page_views where created_at >= ?1 and created_at < ?2 group by path order by count desc, path limit ${ANALYTICS_TOP_PAGES}`)
      .bind(from, to),
    d1.prepare(`select device as value, count(*) as count from (${sessions}) group by device`).bind(from, to),
    d1
      .prepare(`select country as value, count(*) as count from (${sessions}) where country is not null and country <> '' group by country order by count desc, country limit ${ANALYTICS_TOP_COUNTRIES}`)
      .bind(from, to),
  ];
}

/** Whole UTC days from the rollups: a few rows per day, whatever the traffic. */
function rollupStatements(d1: Database["$client"], fromDay: string, toDay: string, previousFromDay: string) {
  const totals = (prefix: string, when: string) =>
    ["visitors", "views", "bounces"].map((c) => `coalesce(sum(case when ${when} then ${c} end), 0) as ${prefix}${c}`).join(", ") +
    `, coalesce(sum(case when ${when} then duration_ms end), 0) as ${prefix}duration`;
  return [
    d1
      .prepare(`select ${totals("", "day >= ?1")}, ${totals("p_", "day < ?1")} from analytics_days where day >= ?3 and day <= ?2`)
      .bind(fromDay, toDay, previousFromDay),
    d1
      .prepare(
        `select path as value, sum(views) as count from analytics_page_days where day >= ?1 and day <= ?2
         group by path order by count desc, path limit ${ANALYTICS_TOP_PAGES}`,
      )
      .bind(fromDay, toDay),
    d1
      .prepare("select value, sum(visitors) as count from analytics_segment_days where kind = 'device' and day >= ?1 and day <= ?2 group by value")
      .bind(fromDay, toDay),
    d1
      .prepare(
        `select value, sum(visitors) as count from analytics_segment_days where kind = 'country' and day >= ?1 and day <= ?2 and value <> ''
         group by value order by count desc, value limit ${ANALYTICS_TOP_COUNTRIES}`,
      )
      .bind(fromDay, toDay),
  ];
}

const DEVICES: Device[] = ["desktop", "mobile", "tablet"];
const share = (part: number, whole: number) => (whole ? (part / whole) * 100 : 0);

/**
 * The dashboard's figures for a range, with each headline's change against the previous period
 * of the same length. Sessions are visitor-days (the visitor hash changes every day): bounce rate
 * is the share of them with one view, duration runs from their first view to their last.
 */
export async function loadDashboard(db: Database, range: AnalyticsRange, now = Date.now()) {
  const d1 = db.$client;
  const periods = periodsOf(range, now);
  const statements =
    periods.kind === "hours"
      ? rawStatements(d1, periods.from, periods.to, periods.previousFrom)
      : rollupStatements(d1, periods.fromDay, periods.toDay, periods.previousFromDay);
  const realtime = d1
    .prepare("select count(distinct visitor_hash) as count from page_views where created_at >= ?1")
    .bind(now - ANALYTICS_REALTIME_MINUTES * 60_000);
  const [totalsResult, pagesResult, devicesResult, countriesResult, realtimeResult] = await d1.batch<Record<string, unknown>>([...statements, realtime]);
  const row = totalsResult.results[0];
  const current = totalsOf(row, "");
  const previous = totalsOf(row, "p_");
  const avgSession = (t: Totals) => (t.visitors ? t.duration / t.visitors : 0);
  const bounceRate = (t: Totals) => share(t.bounces, t.visitors);
  const devices = devicesResult.results as unknown as Row[];
  const deviceTotal = devices.reduce((sum, d) => sum + num(d.count), 0);
  return {
    range,
    visitors: { value: current.visitors, change: percentChange(current.visitors, previous.visitors) },
    pageViews: { value: current.views, change: percentChange(current.views, previous.views) },
    avgSessionMs: { value: avgSession(current), change: percentChange(avgSession(current), avgSession(previous)) },
    bounceRate: { value: bounceRate(current), change: percentChange(bounceRate(current), bounceRate(previous)) },
    realtime: num(realtimeResult.results[0]?.count),
    topPages: (pagesResult.results as unknown as Row[]).map((p) => ({ path: p.value, views: num(p.count) })),
    devices: DEVICES.map((device) => {
      const visitors = num(devices.find((d) => d.value === device)?.count);
      return { device, visitors, percent: share(visitors, deviceTotal) };
    }),
    countries: (countriesResult.results as unknown as Row[]).map((c) => ({ country: c.value, visitors: num(c.count), percent: share(num(c.count), current.visitors) })),
  };
}

export type Dashboard = Awaited<ReturnType<typeof loadDashboard>>;
