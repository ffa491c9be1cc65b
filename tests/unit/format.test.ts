import { describe, expect, it } from "vitest";
import { cartBadgeLabel, formatPrice } from "~/lib/format";
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
});

describe("language links", () => {
  it("keep the other search parameters", () => {
    expect(withSearchParam("/products", "?search=rice", "lng", "es")).toBe("/products?search=rice&lng=es");
    expect(withSearchParam("/", "?lng=es", "lng", null)).toBe("/");
  });
});
