import { describe, expect, it } from "vitest";
import { decrement, increment, lineTotal, linesBySupplier, parseQuantity, totalsByCurrency } from "~/lib/cart-rules";

describe("cart rules", () => {
  it("adding a product already in the cart raises it by 1, capped at the maximum", () => {
    expect(increment(1)).toBe(2);
    expect(increment(1_000_000)).toBe(1_000_000);
  });

  it("the minus button never goes below 1", () => {
    expect(decrement(3)).toBe(2);
    expect(decrement(1)).toBe(1);
  });

  it.each([
    ["5", 5],
    ["  7 ", 7],
    ["2.9", 2],
    ["abc", 1],
    ["", 1],
    ["1e3", 1000],
    ["99999999", 1_000_000],
    ["0", null],
    ["-4", null],
    ["-0.5", null],
    ["Infinity", 1],
  ] as const)("a typed quantity %j becomes %j (null removes the line)", (input, expected) => {
    expect(parseQuantity(input)).toBe(expected);
  });

  it("totals each line and each currency separately, leaving prices on request out", () => {
    const lines = [
      { price: 10.5, currency: "USD", quantity: 3 },
      { price: 2, currency: "EUR", quantity: 4 },
      { price: null, currency: "USD", quantity: 2 },
      { price: 0.1, currency: "USD", quantity: 3 },
    ];
    expect(lineTotal(lines[0])).toBe(31.5);
    expect(lineTotal(lines[2])).toBeNull();
    expect(totalsByCurrency(lines)).toEqual([
      { currency: "USD", total: 31.8 },
      { currency: "EUR", total: 8 },
    ]);
    // A cart of prices on request only has no total at all, never a zero in some currency.
    expect(totalsByCurrency([{ price: null, currency: "CNY", quantity: 5 }])).toEqual([]);
  });
});

describe("the cart's lines by supplier", () => {
  it("groups lines under their company in the order companies first appear, and leaves out a line without one", () => {
    const line = (id: string, catalogId: string | null, companyName: string | null) => ({ id, catalogId, companyName });
    const groups = linesBySupplier([
      line("rice", "c1", "Bangkok Rice Mills"),
      line("lamp", "c2", "Shenzhen Brightway Electronics"),
      line("bran", "c1", "Bangkok Rice Mills"),
      line("orphan", null, null),
    ]);
    expect(groups.map((g) => [g.catalogId, g.companyName, g.lines.map((l) => l.id)])).toEqual([
      ["c1", "Bangkok Rice Mills", ["rice", "bran"]],
      ["c2", "Shenzhen Brightway Electronics", ["lamp"]],
    ]);
  });
});
