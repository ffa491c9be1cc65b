import { describe, expect, it } from "vitest";
import { belowMinimumOrder, percentFromListing, quoteStart, unitPriceFor } from "~/lib/order-quantity";

const TIERS = [
  { from: 500, price: 4.2 },
  { from: 1000, price: 3.9 },
  { from: 5000, price: 3.5 },
];

describe("the minimum order", () => {
  it("refuses less than the MOQ, accepts the MOQ and more; an MOQ below 1 is 1", () => {
    expect(belowMinimumOrder(500, 100)).toBe(true);
    expect(belowMinimumOrder(500, 499)).toBe(true);
    expect(belowMinimumOrder(500, 500)).toBe(false);
    expect(belowMinimumOrder(500, 1200)).toBe(false);
    expect(belowMinimumOrder(0, 0)).toBe(true);
    expect(belowMinimumOrder(0, 1)).toBe(false);
  });
});

describe("the unit price of a quantity", () => {
  it.each([
    [500, 4.2],
    [999, 4.2],
    [1000, 3.9],
    [1200, 3.9],
    [5000, 3.5],
    [1_000_000, 3.5],
  ])("%i pieces cost %s each", (quantity, price) => {
    expect(unitPriceFor(TIERS, quantity)).toBeCloseTo(price);
  });

  it("prices a line below the first tier at the first tier, and a listing without tiers at its single price or on request", () => {
    expect(unitPriceFor(TIERS, 100)).toBe(4.2);
    expect(unitPriceFor([], 100, 9)).toBe(9);
    expect(unitPriceFor([], 100)).toBeNull();
  });
});

describe("a quote beside the listing", () => {
  it("says how much below or above the listing's price it is, in whole percent, only in one currency", () => {
    expect(percentFromListing(3.59, 3.9, true)).toBe(-8);
    expect(percentFromListing(4.1, 3.9, true)).toBe(5);
    expect(percentFromListing(3.9, 3.9, true)).toBe(0);
    expect(percentFromListing(3.59, 3.9, false)).toBeNull();
    expect(percentFromListing(3.59, null, true)).toBeNull();
  });

  it("starts a supplier's quote from each line's recorded tier price and the listing's MOQ", () => {
    expect(
      quoteStart([
        { id: "a", unitPrice: 3.9, listing: { moq: 500 } },
        { id: "b", unitPrice: null, listing: null },
      ]),
    ).toEqual({ unitPrices: [{ lineId: "a", unitPrice: 3.9 }], minimumOrder: 500 });
    expect(quoteStart([{ id: "c", unitPrice: null, listing: null }])).toEqual({ unitPrices: [], minimumOrder: 1 });
  });
});
