/** One price break: from this quantity of the listing's unit, this unit price (in the listing's currency). */
export interface PriceTier {
  from: number;
  price: number;
}

/** A row of a listing's specifications, as its supplier wrote it. */
export interface SpecificationRow {
  name: string;
  value: string;
}

/**
 * The tier that applies to a quantity: the one with the largest `from` at or below it; below the
 * first tier (under the MOQ), none. Tiers are kept in ascending order of `from`.
 */
export function tierIndexFor(tiers: readonly PriceTier[], quantity: number) {
  let found = -1;
  tiers.forEach((tier, i) => {
    if (tier.from <= quantity) found = i;
  });
  return found;
}

/** The lowest and the highest unit price of the tiers, or null: price on request. */
export function tierPriceRange(tiers: readonly PriceTier[]) {
  if (tiers.length === 0) return null;
  const prices = tiers.map((t) => t.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}
