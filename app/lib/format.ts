import { CART_BADGE_CAP } from "~/lib/constants";

/** The header's cart badge: the count, capped as '99+'; nothing for an empty cart. */
export function cartBadgeLabel(count: number) {
  if (count <= 0) return null;
  return count > CART_BADGE_CAP ? `${CART_BADGE_CAP}+` : String(count);
}

export function formatPrice(amount: number, currency: string, locale: string) {
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
  } catch {
    // An unknown currency code from old data should not break the page.
    return `${new Intl.NumberFormat(locale).format(amount)} ${currency}`;
  }
}

export function formatDate(value: Date | number | string, locale: string) {
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(value),
  );
}

/** A stable, key-safe form of a name: 'Apparel & Clothing' → 'apparel-clothing'. */
export function slugify(name: string) {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
