import { describe, expect, it } from "vitest";
import { urlWithout } from "~/lib/url";

describe("urlWithout (the link behind a filter chip)", () => {
  const params = new URLSearchParams("search=pump&country=CN&country=de&verified=1&page=3&moq_max=");

  it("drops one value of a repeated key, compared without case, and keeps the rest", () => {
    expect(urlWithout("/products", params, [{ key: "country", value: "DE" }])).toBe("/products?search=pump&country=CN&verified=1");
  });

  it("drops every value of a key, the page and empty values", () => {
    expect(urlWithout("/companies", params, [{ key: "country" }, { key: "verified" }])).toBe("/companies?search=pump");
  });

  it("answers the bare path when nothing is left", () => {
    expect(urlWithout("/products", new URLSearchParams("page=2"), [])).toBe("/products");
  });
});
