import { siteUrl } from "~/lib/site";
import { recomputeUsdPrices } from "~/models/exchange-rates.server";
import { sweepExpired } from "~/models/maintenance.server";
import { queueDailyDigests } from "~/models/notifications.server";
import { deliverOutbox } from "~/models/outbox.server";
import { expireQuotes, refreshAllResponseStats } from "~/models/quotes.server";
import { queueAlertDigests } from "~/models/saved-searches.server";
import { remindAndLapseVerifications } from "~/models/verifications.server";
import { transportFor } from "~/services/email.server";
import type { Database } from "../../db/client";

/** The cron that retries due e-mails; the other (DAILY_CRON) also does the daily work. */
export const DAILY_CRON = "17 3 * * *";

/**
 * What the crons run. Every ten minutes (and when an admin asks, from /admin/outbox): a bounded
 * batch of notification digests (a member gets at most one a day) and of trade alerts (each read
 * at most once a day), then the e-mails that are due. Daily instead: the sweep of expired
 * sessions, rate-limit windows, abandoned carts and objects, visitors' requests never confirmed,
 * quotes past their validity, response rates as requests pass 24 hours unanswered, verifications
 * that lapse within a month (told) or now (the badge goes), then the due e-mails. Both runs first
 * go on recomputing listings' USD prices after a change of rate (a bounded number of id ranges,
 * from a cursor kept in the database). Each part is bounded, so a run stays within D1's 1,000
 * queries per invocation. Links lead to SITE_URL.
 */
export async function runScheduledWork(
  env: Env,
  db: Database,
  { now = Date.now(), daily = false }: { now?: number; daily?: boolean } = {},
) {
  const transport = transportFor(env);
  const site = siteUrl(env);
  const prices = await recomputeUsdPrices(db);
  if (daily) {
    const buckets = {
      "catalog-images": env.CATALOG_IMAGES,
      "admin-uploads": env.ADMIN_UPLOADS,
      "verification-documents": env.VERIFICATION_DOCS,
    };
    const swept = await sweepExpired(db, buckets, new Date(now));
    await expireQuotes(db, now);
    await refreshAllResponseStats(db, now);
    await remindAndLapseVerifications(db, site, now);
    return { prices, swept, emails: await deliverOutbox(db, transport, { now }) };
  }
  const digests = await queueDailyDigests(db, site, now);
  const alerts = await queueAlertDigests(db, site, now);
  return { prices, digests, alerts, emails: await deliverOutbox(db, transport, { now }) };
}
