import { deviceClass, isPageView, utcDay } from "~/lib/analytics";
import {
  ANALYTICS_BATCH_DELAY_MS,
  ANALYTICS_BATCH_MAX_VIEWS,
  ANALYTICS_FOLD_INTERVAL_MS,
  ANALYTICS_PATH_MAX_LENGTH,
} from "~/lib/constants";
import { knownCountryCode } from "~/lib/countries";
import { clientAddress } from "~/lib/http";
import { foldAllPageViews, recordPageViews, type PageView } from "~/models/analytics.server";
import { makeDb } from "../../db/client";

async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The visitor as a hash of address and browser under a salt that changes every UTC day and is
 * derived from the session secret: no raw address is kept, and yesterday's hashes cannot be
 * linked to today's.
 */
export async function visitorHash(request: Request, secret: string, at: number) {
  const salt = await sha256(`page-views:${secret}:${utcDay(at)}`);
  return (await sha256(`${salt}|${clientAddress(request) ?? ""}|${request.headers.get("User-Agent") ?? ""}`)).slice(0, 32);
}

function countryOf(request: Request) {
  const cf = (request as { cf?: { country?: unknown } }).cf;
  return knownCountryCode(typeof cf?.country === "string" ? cf.country : request.headers.get("CF-IPCountry"));
}

/**
 * Called by the Worker after it has answered (ctx.waitUntil): records the request when it is a
 * page view. Never throws: a failure here must not touch the page the visitor already has.
 * Resolves true once the view is written, or queued in a batch that another request of this
 * isolate opened and writes.
 */
export async function recordIfPageView(request: Request, response: Response, env: Env, at = Date.now()) {
  try {
    if (!isPageView(request, response)) return false;
    const path = new URL(request.url).pathname.slice(0, ANALYTICS_PATH_MAX_LENGTH);
    const view = {
      path,
      visitorHash: await visitorHash(request, env.SESSION_SECRET, at),
      device: deviceClass(request.headers.get("User-Agent")),
      country: countryOf(request),
      at,
    };
    return await joinBatch(view, env);
  } catch (error) {
    console.error("page view not recorded", error);
    return false;
  }
}

// Writing each view on its own cost more than serving a cached page: under load, views that
// arrive within ANALYTICS_BATCH_DELAY_MS share one statement. The request that opens a batch
// writes it in its own waitUntil, so the isolate lives until it is written; the views that join
// it await nothing of another request's (the runtime does not allow that).
let openBatch: PageView[] | null = null;
// When this isolate last folded written views into the rollups (0: not yet), in the views' time.
let lastFoldAt = 0;

async function joinBatch(view: PageView, env: Env) {
  if (openBatch && openBatch.length < ANALYTICS_BATCH_MAX_VIEWS) {
    openBatch.push(view);
    return true;
  }
  const batch = [view];
  openBatch = batch;
  await new Promise((resolve) => setTimeout(resolve, ANALYTICS_BATCH_DELAY_MS));
  if (openBatch === batch) openBatch = null;
  const db = makeDb(env.DB);
  await recordPageViews(db, batch);
  // The rollups take in what was written, this isolate's and others', once a minute at most.
  if (view.at - lastFoldAt >= ANALYTICS_FOLD_INTERVAL_MS) {
    lastFoldAt = view.at;
    // The views are written: a failed fold leaves them to the next one, or to the dashboard.
    await foldAllPageViews(db).catch((error) => console.error("page views not folded", error));
  }
  return true;
}
