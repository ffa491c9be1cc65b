import { describe, expect, it } from "vitest";
import { i18nextFor, i18nServer } from "~/lib/i18n.server";

// The server keeps one i18next instance per language: it must stay invisible to what a page says.
describe("the server's kept translations", () => {
  it("gives each language its own labels, however often and in whatever order they are asked for", () => {
    const english = i18nextFor("en").getFixedT(null, "common");
    const spanish = i18nextFor("es").getFixedT(null, "common");
    expect(english("header.skipToContent")).toBe("Skip to content");
    expect(spanish("header.skipToContent")).not.toBe("Skip to content");
    expect(english("header.skipToContent")).toBe("Skip to content");
    expect(i18nextFor("es").getFixedT(null, "common")("header.skipToContent")).toBe(spanish("header.skipToContent"));
  });

  it("still interpolates and picks plurals when a call has options", () => {
    const t = i18nextFor("en").getFixedT(null, "common");
    expect(t("products.found", { count: 1 })).not.toBe(t("products.found", { count: 2 }));
    expect(t("products.found", { count: 2 })).toContain("2");
    expect(t("products.searchResults", { search: "rice" })).toContain("rice");
    expect(t("products.searchResults", { search: "tea" })).toContain("tea");
    for (const search of ["rice", "tea", "rice"]) expect(t("products.searchResults", { search })).toContain(search);
  });

  it("keeps one instance per language and never changes its language", async () => {
    expect(i18nextFor("fr")).toBe(i18nextFor("fr"));
    expect(i18nextFor("fr").language).toBe("fr");
    const t = await i18nServer.getFixedT(new Request("http://localhost/?lng=ja"));
    expect(t("header.skipToContent")).toBe(i18nextFor("ja").getFixedT(null, "common")("header.skipToContent"));
    expect(i18nextFor("en").language).toBe("en");
  });

  it("works out each request's language from its own URL, cookie and Accept-Language", async () => {
    const locale = (url: string, headers: Record<string, string> = {}) =>
      i18nServer.getLocale(new Request(`http://localhost${url}`, { headers }));
    for (let round = 0; round < 2; round++) {
      expect(await locale("/", { "Accept-Language": "fr-CA,fr;q=0.9" })).toBe("fr");
      expect(await locale("/", { "Accept-Language": "ja" })).toBe("ja");
      expect(await locale("/", { "Accept-Language": "de" })).toBe("en");
      expect(await locale("/?lng=hi", { "Accept-Language": "ja" })).toBe("hi");
      expect(await locale("/", { "Accept-Language": "ja", Cookie: `lng=${btoa(JSON.stringify("es"))}` })).toBe("es");
      expect(await locale("/", { "Accept-Language": "ja", Cookie: "sid=x" })).toBe("ja");
    }
  });
});
