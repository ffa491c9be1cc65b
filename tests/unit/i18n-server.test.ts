import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/lib/i18n";
import { i18nextFor, i18nServer, resources } from "~/lib/i18n.server";

// The server keeps one i18next per language and caches labels asked for with the same plain
// options: neither may change what a page says.
describe("the server's cached translations", () => {
  it("gives each language its own labels, however often and in whatever order they are asked for", () => {
    const english = i18nextFor("en").t;
    const spanish = i18nextFor("es").t;
    expect(english("header.skipToContent")).toBe("Skip to content");
    expect(spanish("header.skipToContent")).not.toBe("Skip to content");
    expect(english("header.skipToContent")).toBe("Skip to content");
    expect(i18nextFor("es").i18n.getFixedT("es")("header.skipToContent")).toBe(spanish("header.skipToContent"));
  });

  it("says what a fresh i18next says, for every label, with and without values", async () => {
    for (const lng of ["en", "fr", "hi"] as const) {
      const plain = createInstance();
      await plain.init({ ...i18nConfig, lng, resources, initImmediate: false });
      const fresh = plain.getFixedT(lng);
      const cached = i18nextFor(lng).t;
      const keys: string[] = [];
      const walk = (node: object, prefix: string) => {
        for (const [key, value] of Object.entries(node)) {
          if (typeof value === "string") keys.push(`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, "")}`);
          else walk(value, `${prefix}${key}.`);
        }
      };
      walk(resources[lng].common, "");
      for (const key of keys) {
        for (const options of [undefined, { count: 1 }, { count: 5 }, { name: "Ada", company: "Ada Co", count: 2 }]) {
          for (let round = 0; round < 2; round++) expect(cached(key, options), `${lng}:${key}`).toBe(fresh(key, options));
        }
      }
    }
  });

  it("passes options that are not plain values through uncached", () => {
    const t = i18nextFor("en").t;
    expect(t("products.searchResults", { search: { toString: (): string => "soy" } })).toContain("soy");
    expect(t("products.searchResults", { search: { toString: (): string => "tea" } })).toContain("tea");
  });

  it("keeps one instance per language and never changes its language", async () => {
    expect(i18nextFor("fr")).toBe(i18nextFor("fr"));
    expect(i18nextFor("fr").i18n.language).toBe("fr");
    const t = await i18nServer.getFixedT(new Request("http://localhost/?lng=ja"));
    expect(t("header.skipToContent")).toBe(i18nextFor("ja").t("header.skipToContent"));
    expect(i18nextFor("en").i18n.language).toBe("en");
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
