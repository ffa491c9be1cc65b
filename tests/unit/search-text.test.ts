import { describe, expect, it } from "vitest";
import { cjkTerms, productSearchText } from "~/lib/search-text";

describe("cjkTerms", () => {
  it("writes a run of Chinese as its pairs in order, then its characters", () => {
    expect(cjkTerms("智能手机 5G")).toBe("智能 能手 手机 智 能 手 机");
  });

  it("takes Japanese kana and leaves Latin and Devanagari text out", () => {
    expect(cjkTerms("スマホケース for iPhone चावल")).toBe("スマ マホ ホケ ケー ース ス マ ホ ケ ー");
  });

  it("is empty for text without Chinese or Japanese", () => {
    expect(cjkTerms("Basmati rice")).toBe("");
  });
});

describe("productSearchText", () => {
  it("holds the specifications, the language versions and the CJK terms of all of it", () => {
    const text = productSearchText({
      title: "大米",
      description: null,
      companyName: "Acme",
      specifications: [{ name: "Grain", value: "Long" }],
      translations: [{ title: "Rice", description: "Arroz", specifications: null }],
    });
    expect(text).toBe("Grain Long Rice Arroz 大米 大 米");
  });

  it("is null when there is nothing beyond the indexed columns", () => {
    expect(
      productSearchText({ title: "Rice", description: "White", companyName: null, specifications: null, translations: [] }),
    ).toBeNull();
  });
});
