import { describe, expect, it } from "vitest";
import { cartBadgeLabel, compareText, formatPrice, formatPriceRange } from "~/lib/format";
import { withSearchParam } from "~/lib/url";

describe("cart badge", () => {
  it("shows nothing for an empty cart, the count up to 99, then 99+", () => {
    expect(cartBadgeLabel(0)).toBeNull();
    expect(cartBadgeLabel(1)).toBe("1");
    expect(cartBadgeLabel(99)).toBe("99");
    expect(cartBadgeLabel(100)).toBe("99+");
    expect(cartBadgeLabel(12_345)).toBe("99+");
  });
});

describe("prices", () => {
  it("format with the currency in the active locale", () => {
    expect(formatPrice(1234.5, "USD", "en")).toBe("$1,234.50");
    expect(formatPrice(1234.5, "EUR", "fr")).toMatch(/1\s?234,50\s?€/);
  });

  it("survive an unknown currency code", () => {
    expect(formatPrice(10, "XXXX", "en")).toBe("10 XXXX");
  });

  it("show a range only when its ends read differently", () => {
    expect(formatPriceRange(40, 55, "USD", "en")).toBe("$40.00 – $55.00");
    expect(formatPriceRange(40, null, "USD", "en")).toBe("$40.00");
    // Yen have no decimals: 6.2 and 6.4 both read ¥6.
    expect(formatPriceRange(6.2, 6.4, "JPY", "en")).toBe("¥6");
    expect(formatPriceRange(null, 10, "USD", "en")).toBeNull();
  });
});

describe("texts in the reader's order", () => {
  it("sort as the language does", () => {
    expect(["Zambia", "Ägypten", "Albanien"].sort(compareText("de"))).toEqual(["Ägypten", "Albanien", "Zambia"]);
    expect(["b", "a"].sort(compareText("en"))).toEqual(["a", "b"]);
  });
});

describe("language links", () => {
  it("keep the other search parameters", () => {
    expect(withSearchParam("/products", "?search=rice", "lng", "es")).toBe("/products?search=rice&lng=es");
    expect(withSearchParam("/", "?lng=es", "lng", null)).toBe("/");
  });
});
