import type { Rates } from "~/lib/currency";
import type { Database } from "../../db/client";
import { exchangeRates } from "../../db/schema";

// The rates prices are converted at: what one US dollar buys in each currency, and the day each
// rate is from.

/** The query for every rate (a handful of rows), for a caller that batches it with others. */
export function ratesQuery(db: Database) {
  return db.select({ currency: exchangeRates.currency, perUsd: exchangeRates.perUsd, asOf: exchangeRates.asOf }).from(exchangeRates);
}

/** The rows of `ratesQuery` as a record of rates, and the oldest day among them. */
export function toRates(rows: { currency: string; perUsd: number; asOf: string }[]) {
  const rates: Rates = {};
  for (const row of rows) rates[row.currency] = row.perUsd;
  const asOf = rows.map((r) => r.asOf).sort()[0] ?? null;
  return { rates, asOf };
}
