import { sweepExpired } from "~/models/maintenance.server";
import { deliverOutbox } from "~/models/outbox.server";
import { expireQuotes, refreshAllResponseStats } from "~/models/quotes.server";
import { transportFor } from "~/services/email.server";
import type { Database } from "../../db/client";

/** The cron that retries due e-mails; the other (DAILY_CRON) also does the daily work. */
export const DAILY_CRON = "17 3 * * *";

/**
 * What the crons run, and what an admin runs on demand from /admin/outbox (both): e-mails that are
 * due (retries, every ten minutes); daily, the sweep of expired sessions, rate-limit windows,
 * abandoned carts and objects, quotes past their validity, and response rates as requests pass
 * 24 hours unanswered.
 */
export async function runScheduledWork(env: Env, db: Database, { now = Date.now(), daily = true } = {}) {
  const emails = await deliverOutbox(db, transportFor(env), { now });
  if (!daily) return { emails };
  const buckets = { "catalog-images": env.CATALOG_IMAGES, "admin-uploads": env.ADMIN_UPLOADS };
  const swept = await sweepExpired(db, buckets, new Date(now));
  await expireQuotes(db, now);
  await refreshAllResponseStats(db, now);
  return { emails, swept };
}
