import { isbot } from "isbot";
import { ANALYTICS_RANGES } from "~/lib/constants";

export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export type Device = "desktop" | "mobile" | "tablet";

const DAY_MS = 86_400_000;
/** Screens only administrators see: their views are not the site's traffic. */
const ADMIN_PATHS = /^\/(?:admin(?:\/|$)|cms(?:\/|$)|analytics(?:\/|$)|leads-import(?:\/|$))/;
/** Anything with a file extension is a file (scripts, styles, images, robots.txt, sitemap.xml). */
const FILE_PATH = /\.[a-z0-9]{1,8}$/i;

/**
 * Whether a request and its answer make a page view: a successful HTML page fetched by a
 * person. Bots, files, data requests (answered as data, not HTML), prefetches, other methods,
 * redirects, errors and admin screens do not count.
 */
export function isPageView(request: Request, response: Response) {
  if (request.method !== "GET" || response.status !== 200) return false;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return false;
  const url = new URL(request.url);
  if (FILE_PATH.test(url.pathname) || ADMIN_PATHS.test(url.pathname)) return false;
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  if (purpose.includes("prefetch")) return false;
  return !isbot(request.headers.get("User-Agent") ?? "");
}

/** Device class from the user agent: tablets first (iPad, Android without 'Mobile'), then phones. */
export function deviceClass(userAgent: string | null): Device {
  const ua = userAgent ?? "";
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(ua)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini|IEMobile/i.test(ua)) return "mobile";
  return "desktop";
}

/** The UTC date of a time, as the rollups key it: '2026-11-23'. */
export function utcDay(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

export function parseRange(value: string | null): AnalyticsRange {
  return (ANALYTICS_RANGES as readonly string[]).includes(value ?? "") ? (value as AnalyticsRange) : "7d";
}

/**
 * The selected period and the one before it, of the same length. 24h is the rolling 24 hours
 * (read from the raw views); 7d, 30d and 90d are that many UTC days up to and including today
 * (read from the daily rollups).
 */
export type Periods =
  | { kind: "hours"; from: number; to: number; previousFrom: number }
  | { kind: "days"; fromDay: string; toDay: string; previousFromDay: string };

export function periodsOf(range: AnalyticsRange, now: number): Periods {
  if (range === "24h") return { kind: "hours", from: now - DAY_MS, to: now, previousFrom: now - 2 * DAY_MS };
  const days = Number.parseInt(range, 10);
  const today = now - (now % DAY_MS);
  return {
    kind: "days",
    fromDay: utcDay(today - (days - 1) * DAY_MS),
    toDay: utcDay(today),
    previousFromDay: utcDay(today - (2 * days - 1) * DAY_MS),
  };
}

/** Change against the previous period in percent, or null when there is nothing to compare with. */
export function percentChange(current: number, previous: number) {
  if (!previous) return null;
  return ((current - previous) / previous) * 100;
}

/** Every UTC day from one to the other, both included. */
export function daysBetween(fromDay: string, toDay: string) {
  const days: string[] = [];
  for (let t = Date.parse(`${fromDay}T00:00:00Z`), end = Date.parse(`${toDay}T00:00:00Z`); t <= end; t += DAY_MS) days.push(utcDay(t));
  return days;
}
