import { env } from "cloudflare:test";
import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Device } from "~/lib/analytics";
import { ANALYTICS_BATCH_MAX_VIEWS, ANALYTICS_FOLD_INTERVAL_MS } from "~/lib/constants";
import { foldAllPageViews, foldPageViews, loadDashboard, recordPageViews } from "~/models/analytics.server";
import { recordIfPageView, visitorHash } from "~/services/analytics.server";
import * as schema from "../../db/schema";
import { db, get, ORIGIN, sessionCookie, loaderData } from "../support/factories";
import { dataUrl } from "../support/route-data";
import { fetchWorker } from "../support/worker";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const at = (day: number, hour: number, minute = 0) => Date.UTC(2030, 0, day, hour, minute);
const NOW = at(10, 12);
const DEC = (day: number, hour: number) => Date.UTC(2029, 11, day, hour);
const NOV = (day: number, hour: number) => Date.UTC(2029, 10, day, hour);

type View = [visitor: string, path: string, device: Device, country: string | null, time: number];
// A known set: the expected figures below are worked out by hand from it.
const VIEWS: View[] = [
  ["A", "/", "desktop", "US", at(10, 10)],
  ["A", "/products", "desktop", "US", at(10, 10, 2)],
  ["A", "/products", "desktop", "US", at(10, 10, 5)],
  ["B", "/", "mobile", "CN", at(10, 11)],
  ["C", "/blog", "tablet", "DE", at(10, 11, 58)],
  ["D", "/trade-leads", "mobile", "US", at(9, 14)],
  ["D", "/", "mobile", "US", at(9, 14, 10)],
  ["E", "/", "desktop", "IN", at(9, 8)],
  ["F", "/contact", "desktop", "US", at(5, 9)],
  ["G", "/", "desktop", "GB", DEC(30, 9)],
  ["G", "/", "desktop", "GB", DEC(30, 9) + 60_000],
  ["H", "/", "mobile", null, DEC(30, 10)],
  ["I", "/membership", "desktop", "FR", NOV(20, 9)],
];

async function recordKnownSet() {
  for (const [visitor, path, device, country, time] of VIEWS)
    await recordPageViews(db, [{ visitorHash: `visitor-${visitor}`, path, device, country, at: time }]);
}

describe("the dashboard's figures", () => {
  it("shows zeros with no data, for every range", async () => {
    const admin = await sessionCookie(null, true);
    for (const range of ["24h", "7d", "30d", "90d"]) {
      const data = await loaderData<Awaited<ReturnType<typeof loadDashboard>>>(`/analytics?range=${range}`, "routes/analytics", admin);
      expect(data).toMatchObject({ range, realtime: 0, topPages: [], countries: [] });
      expect(data.visitors).toEqual({ value: 0, change: null });
      expect(data.pageViews).toEqual({ value: 0, change: null });
      expect(data.bounceRate).toEqual({ value: 0, change: null });
      expect(data.devices.map((d) => d.percent)).toEqual([0, 0, 0]);
    }
    const html = await (await get("/analytics", admin)).text();
    for (const text of [
      "Website Analytics Dashboard",
      "Total Visitors",
      "Page Views",
      "Avg. Session Duration",
      "Real-time Visitors",
      "Currently online",
      "Top Pages",
      "Device Breakdown",
      "Top Countries",
      "Bounce Rate",
      "Lower is better",
      "0m 0s",
    ]) {
      expect(html).toContain(text);
    }
    for (const range of ["24h", "7d", "30d", "90d"]) expect(html).toContain(`href="/analytics?range=${range}"`);
  });

  it("computes each range from a known set of page views, with the change against the previous period", async () => {
    await recordKnownSet();

    const day = await loadDashboard(db, "24h", NOW);
    // Last 24 hours: A (3 views over 5 min), B (1), C (1), D (2 over 10 min); before them: E (1).
    expect(day.visitors).toEqual({ value: 4, change: 300 });
    expect(day.pageViews).toEqual({ value: 7, change: 600 });
    expect(day.avgSessionMs).toEqual({ value: 225_000, change: null });
    expect(day.bounceRate).toEqual({ value: 50, change: -50 });
    expect(day.realtime).toBe(1);
    expect(day.topPages).toEqual([
      { path: "/", views: 3 },
      { path: "/products", views: 2 },
      { path: "/blog", views: 1 },
      { path: "/trade-leads", views: 1 },
    ]);
    expect(day.devices).toEqual([
      { device: "desktop", visitors: 1, percent: 25 },
      { device: "mobile", visitors: 2, percent: 50 },
      { device: "tablet", visitors: 1, percent: 25 },
    ]);
    expect(day.countries.map((c) => [c.country, c.visitors])).toEqual([
      ["US", 2],
      ["CN", 1],
      ["DE", 1],
    ]);

    const week = await loadDashboard(db, "7d", NOW);
    // 4-10 January: A, B, C, D, E, F; 28 December - 3 January: G (2 views over 1 min), H (1).
    expect(week.visitors).toEqual({ value: 6, change: 200 });
    expect(week.pageViews).toEqual({ value: 9, change: 200 });
    expect(week.avgSessionMs).toEqual({ value: 150_000, change: 400 });
    expect(week.bounceRate.value).toBeCloseTo(66.667, 2);
    expect(week.bounceRate.change).toBeCloseTo(33.333, 2);
    expect(week.topPages[0]).toEqual({ path: "/", views: 4 });
    expect(week.devices.map((d) => d.visitors)).toEqual([3, 2, 1]);
    expect(week.countries[0]).toEqual({ country: "US", visitors: 3, percent: 50 });

    const month = await loadDashboard(db, "30d", NOW);
    // 12 December - 10 January: everyone but I; 12 November - 11 December: I.
    expect(month.visitors).toEqual({ value: 8, change: 700 });
    expect(month.pageViews).toEqual({ value: 12, change: 1100 });
    expect(month.avgSessionMs.value).toBe(960_000 / 8);
    expect(month.bounceRate).toEqual({ value: 62.5, change: -37.5 });
    expect(month.topPages[0]).toEqual({ path: "/", views: 7 });
    // H has no known country: counted among visitors, not among countries.
    expect(month.countries.reduce((sum, c) => sum + c.visitors, 0)).toBeLessThan(8);

    const quarter = await loadDashboard(db, "90d", NOW);
    expect(quarter.visitors).toEqual({ value: 9, change: null });
    expect(quarter.pageViews).toEqual({ value: 13, change: null });
    expect(quarter.topPages.map((p) => p.path)).toContain("/membership");
  });

  it("finds the true top page when it is never among any day's 50 most viewed", async () => {
    // 1-7 June 2035: each day 55 one-day paths with 20 views; '/steady' has 15 views every day.
    const rows: (typeof schema.analyticsPageDays.$inferInsert)[] = [];
    for (let d = 1; d <= 7; d++) {
      const day = `2035-06-0${d}`;
      for (let i = 0; i < 55; i++) rows.push({ day, path: `/burst-${d}-${i}`, views: 20 });
      rows.push({ day, path: "/steady", views: 15 });
    }
    for (let i = 0; i < rows.length; i += 30) await db.insert(schema.analyticsPageDays).values(rows.slice(i, i + 30));
    const week = await loadDashboard(db, "7d", Date.UTC(2035, 5, 7, 12));
    expect(week.topPages[0]).toEqual({ path: "/steady", views: 105 });
    expect(week.topPages.slice(1).every((p) => p.views === 20)).toBe(true);
  });
});

describe("recording page views", () => {
  const html = (status = 200, type = "text/html; charset=utf-8") => new Response("<p>x</p>", { status, headers: { "Content-Type": type } });
  const request = (path: string, init: { ua?: string; method?: string; headers?: Record<string, string> } = {}) =>
    new Request(`${ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers: { "User-Agent": init.ua ?? CHROME, "CF-Connecting-IP": "203.0.113.7", ...init.headers },
    });
  const T = Date.UTC(2031, 5, 1, 12);

  it.each([
    ["a bot", request("/", { ua: GOOGLEBOT }), html()],
    ["a file", request("/assets/app-123.js"), html()],
    ["an image", request("/images/hero.svg"), html()],
    ["loader data", request(dataUrl("/products", "routes/products._index")), html()],
    ["a form post", request("/contact", { method: "POST" }), html()],
    ["a prefetch", request("/", { headers: { "Sec-Purpose": "prefetch" } }), html()],
    ["a redirect", request("/cart"), html(302)],
    ["a 404", request("/nowhere"), html(404)],
    ["an error", request("/"), html(500)],
    ["JSON", request("/"), html(200, "application/json")],
    ["the admin gate", request("/admin/login"), html()],
    ["an admin screen", request("/admin/requests"), html()],
    ["the CMS", request("/cms"), html()],
    ["the dashboard", request("/analytics"), html()],
    ["the lead import", request("/leads-import"), html()],
  ])("skips %s", async (_what, req, res) => {
    const before = await db.$count(schema.pageViews);
    expect(await recordIfPageView(req, res, env, T)).toBe(false);
    expect(await db.$count(schema.pageViews)).toBe(before);
  });

  it("records a person's page with device, country and a daily-salted hash, never the address", async () => {
    expect(await recordIfPageView(request("/blog?page=2", { ua: IPAD, headers: { "CF-IPCountry": "JP" } }), html(), env, T)).toBe(true);
    expect(await recordIfPageView(request("/", { ua: IPHONE }), html(), env, T)).toBe(true);
    const rows = await db.select().from(schema.pageViews).orderBy(schema.pageViews.id);
    const [tablet, phone] = rows.slice(-2);
    expect(tablet).toMatchObject({ path: "/blog", device: "tablet", country: "JP" });
    expect(phone).toMatchObject({ path: "/", device: "mobile", country: null });
    expect(JSON.stringify(rows)).not.toContain("203.0.113.7");
    const sameDay = await visitorHash(request("/", { ua: IPAD }), env.SESSION_SECRET, T + 3_600_000);
    const nextDay = await visitorHash(request("/", { ua: IPAD }), env.SESSION_SECRET, T + 86_400_000);
    expect(tablet.visitorHash).toBe(sameDay);
    expect(nextDay).not.toBe(sameDay);
    expect(tablet.visitorHash).not.toBe(phone.visitorHash);
  });

  it("writes views that arrive together in shared batches, every one of them, each counted as if alone", async () => {
    const day = Date.UTC(2031, 6, 1, 12);
    const views = Array.from({ length: ANALYTICS_BATCH_MAX_VIEWS + 2 }, (_, i) =>
      recordIfPageView(request(`/together/${i}`, { headers: { "CF-Connecting-IP": `198.51.100.${i + 1}` } }), html(), env, day + i),
    );
    expect(await Promise.all(views)).toEqual(views.map(() => true));
    const written = await db.select().from(schema.pageViews).where(like(schema.pageViews.path, "/together/%"));
    expect(written.map((v) => v.path).sort()).toEqual(views.map((_, i) => `/together/${i}`).sort());
    await foldAllPageViews(db);
    const [rollup] = await db.select().from(schema.analyticsDays).where(eq(schema.analyticsDays.day, "2031-07-01"));
    expect(rollup).toMatchObject({ views: views.length, visitors: views.length, bounces: views.length });
  });

  it("folds written views into the rollups once a minute at most, and the dashboard folds the rest before it reads", async () => {
    const start = Date.UTC(2040, 0, 1, 12);
    const rollup = async () =>
      (await db.select().from(schema.analyticsDays).where(eq(schema.analyticsDays.day, "2040-01-01")))[0]?.views ?? 0;
    const pending = async () => db.$count(schema.pageViews, sql`id > (select through_id from analytics_folded)`);
    const view = (at: number) => recordIfPageView(request("/fold", { headers: { "CF-Connecting-IP": "198.51.100.200" } }), html(), env, at);
    expect(await view(start)).toBe(true);
    expect([await rollup(), await pending()]).toEqual([1, 0]);
    expect(await view(start + 1_000)).toBe(true);
    expect([await rollup(), await pending()]).toEqual([1, 1]);
    expect(await view(start + ANALYTICS_FOLD_INTERVAL_MS)).toBe(true);
    expect([await rollup(), await pending()]).toEqual([3, 0]);
    expect(await view(start + ANALYTICS_FOLD_INTERVAL_MS + 1_000)).toBe(true);
    expect(await rollup()).toBe(3);
    const dashboard = await loadDashboard(db, "24h", start + 2 * ANALYTICS_FOLD_INTERVAL_MS);
    expect(dashboard).toMatchObject({ visitors: { value: 1 }, pageViews: { value: 4 } });
    expect(dashboard.topPages).toContainEqual({ path: "/fold", views: 4 });
    expect([await rollup(), await pending()]).toEqual([4, 0]);
  });

  it("gives the same figures however the views are folded: one by one, in one go or in pieces", async () => {
    const figures = async () => Promise.all((["24h", "7d", "30d", "90d"] as const).map((range) => loadDashboard(db, range, NOW)));
    const clear = () =>
      db.batch([
        db.delete(schema.pageViews),
        db.delete(schema.analyticsDays),
        db.delete(schema.analyticsVisitorDays),
        db.delete(schema.analyticsSegmentDays),
        db.delete(schema.analyticsPageDays),
      ]);
    const known = VIEWS.map(([visitor, path, device, country, time]) => ({
      visitorHash: `visitor-${visitor}`,
      path,
      device,
      country,
      at: time,
    }));
    await clear();
    for (const view of known) {
      await recordPageViews(db, [view]);
      expect(await foldPageViews(db)).toBe(1);
    }
    const oneByOne = await figures();
    await clear();
    await recordPageViews(db, known);
    expect(await foldPageViews(db)).toBe(known.length);
    expect(await figures()).toEqual(oneByOne);
    // A fold that meets visitors already on the day's rows: D's and G's views fall either side.
    for (const piece of [6, 10]) {
      await clear();
      await recordPageViews(db, known);
      expect(await foldPageViews(db, piece)).toBe(piece);
      expect(await figures()).toEqual(oneByOne);
    }
    // Views written after a fold join the next one.
    await clear();
    await recordPageViews(db, known.slice(0, 6));
    await foldPageViews(db);
    await recordPageViews(db, known.slice(6));
    expect(await figures()).toEqual(oneByOne);
  });

  it("never throws when the database fails", async () => {
    const broken = { ...env, DB: undefined as unknown as D1Database };
    expect(await recordIfPageView(request("/"), html(), broken, T)).toBe(false);
  });

  it("the Worker records a visited page after answering, and not an admin screen", async () => {
    const before = await db.$count(schema.pageViews);
    const page = await fetchWorker(`${ORIGIN}/blog`, { headers: { "User-Agent": CHROME } });
    expect(page.status).toBe(200);
    await page.text();
    const admin = await sessionCookie(null, true);
    await (await fetchWorker(`${ORIGIN}/analytics`, { headers: { "User-Agent": CHROME, Cookie: admin } })).text();
    let after = before;
    for (let i = 0; i < 40 && after === before; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await db.$count(schema.pageViews);
    }
    expect(after).toBe(before + 1);
    const [last] = await db
      .select()
      .from(schema.pageViews)
      .orderBy(schema.pageViews.id)
      .limit(1)
      .offset(after - 1);
    expect(last.path).toBe("/blog");
  });
});
