import type { ProductUnit } from "~/lib/constants";
import { tierIndexFor, type PriceTier } from "~/lib/trade-terms";

// What a listing's minimum order and price tiers mean for an order: the cart, a request for
// quotation and the quote that answers it all read them from here.

/** What a quantity of a listing is measured against: its MOQ and unit. */
export interface MinimumOrder {
  moq: number;
  unit: ProductUnit;
}

/** Whether a quantity is less than the listing's minimum order (an MOQ below 1 is 1). */
export function belowMinimumOrder(moq: number, quantity: number) {
  return quantity < Math.max(1, moq);
}

/**
 * The unit price for a quantity: the tier that applies to it (tierIndexFor); below the first tier
 * (a line from before the MOQ), the first tier's. A listing without tiers has its single price,
 * or none (price on request).
 */
export function unitPriceFor(tiers: readonly PriceTier[], quantity: number, price: number | null = null) {
  if (tiers.length === 0) return price;
  return tiers[Math.max(0, tierIndexFor(tiers, quantity))].price;
}

/**
 * `unitPriceFor` as SQL over a product row (alias `p`) and a quantity expression, for statements
 * that copy the listing's price into a request's line as it is when the request is sent.
 */
export function unitPriceSql(quantity: string, p = "p") {
  const tier = (where: string, order: "asc" | "desc") =>
    `(select json_extract(t.value, '$.price') from json_each(${p}.price_tiers) t ${where}
      order by json_extract(t.value, '$.from') ${order} limit 1)`;
  return `coalesce(${tier(`where json_extract(t.value, '$.from') <= ${quantity}`, "desc")}, ${tier("", "asc")}, ${p}.price)`;
}

/**
 * How a quoted unit price stands against the listing's: the whole percentage below (negative) or
 * above it, or null when they cannot be set side by side (no listing price, other currencies).
 */
export function percentFromListing(quoted: number, listed: number | null | undefined, sameCurrency: boolean) {
  if (listed == null || listed <= 0 || !sameCurrency) return null;
  return Math.round(((quoted - listed) / listed) * 100);
}

/**
 * Where a supplier's first quote on a request starts: each line at the listing's unit price for
 * its quantity as the request recorded it (`unitPriceSql`, the tier of the quantity asked), and
 * the minimum order of the listing asked about (the request's first line with one).
 */
export function quoteStart(lines: { id: string; unitPrice: number | null; listing: { moq: number } | null }[]) {
  return {
    unitPrices: lines.flatMap((line) => (line.unitPrice == null ? [] : [{ lineId: line.id, unitPrice: line.unitPrice }])),
    minimumOrder: Math.max(1, lines.find((line) => line.listing)?.listing?.moq ?? 1),
  };
}
