import { CART_MAX_QUANTITY, CART_MIN_QUANTITY } from "~/lib/constants";

/**
 * What a typed quantity means: a non-number is 1, a fraction is rounded down, 0 or less
 * removes the line (null), and anything above the maximum is the maximum.
 */
export function parseQuantity(input: unknown): number | null {
  const text = typeof input === "string" ? input.trim() : typeof input === "number" ? String(input) : "";
  const value = Number(text);
  if (text === "" || !Number.isFinite(value)) return CART_MIN_QUANTITY;
  const whole = Math.floor(value);
  if (whole <= 0) return null;
  return Math.min(whole, CART_MAX_QUANTITY);
}

/** The minus button: one less, never below 1. */
export function decrement(quantity: number) {
  return Math.max(CART_MIN_QUANTITY, quantity - 1);
}

/** The plus button and 'Add to Cart' on a product already in the cart: one more, capped. */
export function increment(quantity: number) {
  return Math.min(CART_MAX_QUANTITY, quantity + 1);
}

export interface PricedLine {
  price: number | null;
  currency: string;
  quantity: number;
}

/** A line's total, or null for a product whose price is on request (it is left out of the totals). */
export function lineTotal(line: PricedLine) {
  return line.price === null ? null : Math.round(line.price * line.quantity * 100) / 100;
}

/**
 * One total per currency of the lines with a price, in the order the currencies first appear:
 * money is never mixed, and a price on request is never counted as zero.
 */
export function totalsByCurrency(lines: PricedLine[]) {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const total = lineTotal(line);
    if (total !== null) totals.set(line.currency, (totals.get(line.currency) ?? 0) + total);
  }
  return [...totals].map(([currency, total]) => ({ currency, total: Math.round(total * 100) / 100 }));
}

/**
 * The cart's lines by supplier (company), in the order the suppliers first appear: a checkout sends
 * each its own request, with its own message. A line without a company cannot be requested.
 */
export function linesBySupplier<Line extends { catalogId: string | null; companyName: string | null }>(lines: Line[]) {
  const groups = new Map<string, { catalogId: string; companyName: string; lines: Line[] }>();
  for (const line of lines) {
    if (!line.catalogId) continue;
    const group = groups.get(line.catalogId);
    if (group) group.lines.push(line);
    else groups.set(line.catalogId, { catalogId: line.catalogId, companyName: line.companyName ?? "", lines: [line] });
  }
  return [...groups.values()];
}
