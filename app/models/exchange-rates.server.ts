import { and, asc, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import { PRICE_RECOMPUTE_CHUNK_IDS, PRICE_RECOMPUTE_MAX_CHUNKS } from "~/lib/constants";
import type { Currency, DisplayCurrency, Rates } from "~/lib/currency";
import { cachedForContentVersion, contentVersionQuery, versionOf } from "~/models/content-version.server";
import type { Database } from "../../db/client";
import { exchangeRates, priceRecomputes, products, users } from "../../db/schema";

// The rates prices are converted at: what one US dollar buys in each currency, and the day each
// rate is from. A change of a rate moves the content version (a trigger, migration 0034), and the
// listings in that currency get their USD price again from the scheduled work.

/** The query for every rate (a handful of rows), for a caller that batches it with others. */
function ratesQuery(db: Database) {
  return db.select({ currency: exchangeRates.currency, perUsd: exchangeRates.perUsd, asOf: exchangeRates.asOf }).from(exchangeRates);
}

/** The rows of `ratesQuery` as a record of rates, and the oldest day among them. */
function toRates(rows: { currency: string; perUsd: number; asOf: string }[]) {
  const rates: Rates = {};
  for (const row of rows) rates[row.currency] = row.perUsd;
  const asOf = rows.map((r) => r.asOf).sort()[0] ?? null;
  return { rates, asOf };
}

/**
 * The rates for showing conversions, kept in this isolate while the content version stays: a
 * page pays no D1 round trip for them but after a change of content (a rate's included).
 */
export function loadRates(db: Database, contentVersion: number): Promise<Pick<DisplayCurrency, "rates" | "asOf">> {
  return cachedForContentVersion(contentVersion, "exchange-rates", async () => {
    const [version, rows] = await db.batch([contentVersionQuery(db), ratesQuery(db)]);
    return { version: versionOf(version), value: toRates(rows) };
  });
}

/** Every rate with who set it last, and the currencies whose listings' USD prices are still being recomputed. */
export async function listRatesForAdmin(db: Database) {
  const [rates, pending, [last]] = await db.batch([
    db
      .select({
        currency: exchangeRates.currency,
        perUsd: exchangeRates.perUsd,
        asOf: exchangeRates.asOf,
        updatedAt: exchangeRates.updatedAt,
        updatedBy: users.email,
      })
      .from(exchangeRates)
      .leftJoin(users, eq(users.id, exchangeRates.updatedBy))
      .orderBy(asc(exchangeRates.currency)),
    db.select({ currency: priceRecomputes.currency, afterId: priceRecomputes.afterId }).from(priceRecomputes),
    db.select({ maxId: sql<number | null>`max(${products.id})` }).from(products),
  ]);
  const recomputing = new Map(pending.map((p) => [p.currency, { afterId: p.afterId, lastId: last?.maxId ?? 0 }]));
  return rates.map((rate) => ({ ...rate, recomputing: recomputing.get(rate.currency) ?? null }));
}

/**
 * Sets a currency's rate and the day it is from, as `userId` (null: the admin gate without an
 * account), and asks the scheduled work to recompute the USD price of the listings in that
 * currency from the first id (again, if a recompute was under way): one batch.
 */
export async function setRate(
  db: Database,
  { currency, perUsd, asOf }: { currency: Currency; perUsd: number; asOf: string },
  userId: string | null,
  now = Date.now(),
) {
  await db.batch([
    db
      .insert(exchangeRates)
      .values({ currency, perUsd, asOf, updatedAt: new Date(now), updatedBy: userId })
      .onConflictDoUpdate({ target: exchangeRates.currency, set: { perUsd, asOf, updatedAt: new Date(now), updatedBy: userId } }),
    db
      .insert(priceRecomputes)
      .values({ currency, afterId: 0, generation: 1, requestedAt: new Date(now) })
      .onConflictDoUpdate({
        target: priceRecomputes.currency,
        set: { afterId: 0, generation: sql`${priceRecomputes.generation} + 1`, requestedAt: new Date(now) },
      }),
  ]);
}

/**
 * Gives listings their USD price again after a rate changed, a range of `chunkIds` ids per
 * statement and at most `maxChunks` statements (each with its cursor's move, 2 queries), so a run
 * stays within D1's 1,000 queries per invocation however many listings there are; the next run
 * goes on from the cursor. Only rows whose USD price changes are written. Returns the ranges done
 * and the currencies finished.
 */
export async function recomputeUsdPrices(
  db: Database,
  { chunkIds = PRICE_RECOMPUTE_CHUNK_IDS, maxChunks = PRICE_RECOMPUTE_MAX_CHUNKS }: { chunkIds?: number; maxChunks?: number } = {},
) {
  const [jobs, [last]] = await db.batch([
    db.select().from(priceRecomputes).orderBy(asc(priceRecomputes.requestedAt)),
    db.select({ maxId: sql<number | null>`max(${products.id})` }).from(products),
  ]);
  const lastId = last?.maxId ?? 0;
  let chunks = 0;
  let finished = 0;
  for (const job of jobs) {
    let after = job.afterId;
    const sameJob = and(eq(priceRecomputes.currency, job.currency), eq(priceRecomputes.generation, job.generation));
    while (after < lastId && chunks < maxChunks) {
      const upTo = after + chunkIds;
      // The rate is read in the statement: a change of rate meanwhile starts the job again anyway.
      const usd = sql`${products.price} / (select ${exchangeRates.perUsd} from ${exchangeRates} where ${exchangeRates.currency} = ${job.currency})`;
      await db.batch([
        db
          .update(products)
          .set({ priceUsd: usd })
          .where(
            and(
              eq(products.currency, job.currency),
              gt(products.id, after),
              lte(products.id, upTo),
              isNotNull(products.price),
              sql`${products.priceUsd} is not ${usd}`,
            ),
          ),
        db.update(priceRecomputes).set({ afterId: upTo }).where(sameJob),
      ]);
      after = upTo;
      chunks++;
    }
    if (after < lastId) break;
    await db.delete(priceRecomputes).where(sameJob);
    finished++;
  }
  return { chunks, finished };
}
