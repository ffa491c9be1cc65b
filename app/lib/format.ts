import { MemoryCache } from "~/lib/cache";
import { CART_BADGE_CAP } from "~/lib/constants";

/** The header's cart badge: the count, capped as '99+'; nothing for an empty cart. */
export function cartBadgeLabel(count: number) {
  if (count <= 0) return null;
  return count > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(count);
}

// Building an Intl formatter costs far more than using one; a page formats dozens of prices and
// dates, so each (locale, options) pair is built once and kept.
const formatterCache = new MemoryCache<Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>({ max: 500 });

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>(key: string, make: () => T): T {
  let formatter = formatterCache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatterCache.set(key, formatter);
  }
  return formatter;
}

export function formatPrice(amount: number, currency: string, locale: string) {
  try {
    return cached(`price:${locale}:${currency}`, () => new Intl.NumberFormat(locale, { style: "currency", currency })).format(amount);
  } catch {
    // An unknown currency code from old data should not break the page.
    return `${formatNumber(amount, locale)} ${currency}`;
  }
}

/** A unit price or a price range ('$40.00 – $55.00'); null when the price is on request. */
export function formatPriceRange(price: number | null, priceMax: number | null, currency: string, locale: string) {
  if (price === null) return null;
  const low = formatPrice(price, currency, locale);
  const high = priceMax !== null && priceMax > price ? formatPrice(priceMax, currency, locale) : low;
  // Two prices that read the same once rounded to the currency's digits (¥6.2 and ¥6.4) are one.
  return high === low ? low : `${low} – ${high}`;
}

/** A number as the reader's language writes it: '12,345' in English, '12.345' in Spanish, '12,345' in Hindi. */
export function formatNumber(value: number, locale: string) {
  return cached(`number:${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

/** Sorts texts as the reader's language does: `names.sort(compareText(locale))`. */
export function compareText(locale: string): (a: string, b: string) => number {
  return cached(`collator:${locale}`, () => new Intl.Collator(locale)).compare;
}

/** A large round number in words, as a sentence reads it: '11 million', '1100万', '1.1 करोड़'. */
export function formatCompactNumber(value: number, locale: string) {
  return cached(`compact:${locale}`, () => new Intl.NumberFormat(locale, { notation: "compact", compactDisplay: "long" })).format(value);
}

export function formatDate(value: Date | number | string, locale: string) {
  const formatter = cached(
    `date:${locale}`,
    () => new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
  );
  return formatter.format(new Date(value));
}

/** A stable, key-safe form of a name: 'Apparel & Clothing' → 'apparel-clothing'. */
export function slugify(name: string) {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
