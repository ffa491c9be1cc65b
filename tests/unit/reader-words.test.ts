import { describe, expect, it } from "vitest";
import { MEMBER_COUNT, PRODUCT_CATEGORIES, TRADE_LEAD_CATEGORIES } from "~/lib/constants";
import { countryLabel, withCountryLabel } from "~/lib/countries";
import { formatCompactNumber, formatNumber } from "~/lib/format";
import { categoryLabel, planLabel } from "~/lib/i18n";
import { i18nextFor } from "~/lib/i18n.server";
import { isFirstVisit } from "~/models/sessions.server";

// Words and numbers in the reader's language (issue 38, items 11-15).
const zh = i18nextFor("zh").t;
const hi = i18nextFor("hi").t;

describe("numbers in labels", () => {
  it("are grouped as the reader's language groups them", () => {
    expect(formatNumber(1_234_567, "en")).toBe("1,234,567");
    expect(formatNumber(1_234_567, "hi")).toBe("12,34,567");
    expect(formatNumber(12_345, "es")).toBe("12.345");
    expect(i18nextFor("en").t("products.found", { count: 12_345 })).toBe("Found 12,345 products");
    expect(hi("products.found", { count: 1_234_567 })).toContain("12,34,567");
    expect(i18nextFor("fr").t("products.foundMany", { count: 10_000 })).toBe("Plus de 10\u202f000 produits trouvés");
    // Plurals still follow the number itself.
    expect(i18nextFor("en").t("products.found", { count: 1 })).toBe("Found 1 product");
  });

  it("say the member count in words each language uses, never '11 百万'", () => {
    expect(formatCompactNumber(MEMBER_COUNT, "zh")).toBe("1100万");
    expect(zh("header.welcome", { members: MEMBER_COUNT })).toContain("超过1100万家进口商");
    expect(zh("header.welcome", { members: MEMBER_COUNT })).not.toContain("百万");
    expect(hi("header.welcome", { members: MEMBER_COUNT })).toContain("1.1 करोड़");
    expect(i18nextFor("en").t("header.welcome", { members: MEMBER_COUNT })).toContain("over 11 million importers");
    expect(i18nextFor("ja").t("meta.description", { members: MEMBER_COUNT })).toContain("1100万以上");
  });

  it("leave a value that is not a number as it is", () => {
    expect(i18nextFor("en").t("catalog.usage", { plan: "Gold", used: "many", max: 3, products: 1000 })).toBe(
      "Gold plan: many of 3 catalogs used, up to 1,000 products per catalog",
    );
  });
});

describe("category names", () => {
  it("name every product and trade-lead category in the reader's language", () => {
    for (const name of [...PRODUCT_CATEGORIES, ...TRADE_LEAD_CATEGORIES]) {
      for (const t of [zh, hi]) expect(categoryLabel(t, name), name).not.toBe(name);
    }
    expect(categoryLabel(zh, "Consumer Electronics")).toBe("消费电子");
    expect(categoryLabel(hi, "Agriculture")).toBe("कृषि");
    expect(categoryLabel(zh, "Other")).toBe("其他");
  });

  it("match a filter in any case, and keep one that names no category as typed", () => {
    expect(categoryLabel(zh, "consumer electronics")).toBe("消费电子");
    expect(categoryLabel(zh, "electr")).toBe("electr");
    expect(zh("products.categoryProducts", { category: categoryLabel(zh, "Consumer Electronics") })).not.toMatch(/[A-Za-z]/);
    expect(hi("products.categoryProducts", { category: categoryLabel(hi, "Agriculture") })).not.toMatch(/[A-Za-z]/);
  });
});

describe("plan names", () => {
  it("are translated, for the list's plans and the profiles' plans alike", () => {
    expect(["free", "silver", "gold", "platinum"].map((p) => planLabel(zh, p))).toEqual(["免费", "白银", "黄金", "铂金"]);
    expect(["premium", "professional", "enterprise"].map((p) => planLabel(hi, p))).toEqual(["प्रीमियम", "प्रोफ़ेशनल", "एंटरप्राइज़"]);
    expect(planLabel(i18nextFor("en").t, "gold", "Gold")).toBe("Gold");
  });

  it("show a plan without a label by its stored display name", () => {
    expect(planLabel(zh, "diamond", "Diamond")).toBe("Diamond");
  });
});

describe("country names", () => {
  it("come in the reader's language, with unknown places as stored", () => {
    expect(["Thailand", "India", "Brazil"].map((c) => countryLabel(c, "hi"))).toEqual(["थाईलैंड", "भारत", "ब्राज़ील"]);
    expect(withCountryLabel({ name: "Siam Agro", country: "Thailand" }, "zh")).toEqual({ name: "Siam Agro", country: "泰国" });
    expect(withCountryLabel({ country: null }, "zh")).toEqual({ country: null });
    expect(countryLabel("Atlantis", "zh")).toBe("Atlantis");
  });
});

describe("a member's first visit", () => {
  const signedUp = Date.UTC(2026, 0, 10, 9, 0, 0);
  it("is the account's earliest session, on its first day", () => {
    expect(isFirstVisit(signedUp, true, signedUp + 60_000)).toBe(true);
    expect(isFirstVisit(signedUp, true, signedUp + 23 * 3_600_000)).toBe(true);
  });

  it("is over in a later session, or the next day", () => {
    expect(isFirstVisit(signedUp, false, signedUp + 11 * 60_000)).toBe(false);
    expect(isFirstVisit(signedUp, true, signedUp + 25 * 3_600_000)).toBe(false);
  });
});
