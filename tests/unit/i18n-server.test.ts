import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import { i18nConfig } from "~/lib/i18n";
import { i18nextFor, i18nServer, resources } from "~/lib/i18n.server";

const OPTIONS = [undefined, { count: 0 }, { count: 1 }, { count: 5 }, { name: "Ada", company: "Ada Co", count: 2 }];

/**
 * Every label of a language (plural forms as their one key) with whether options can change its
 * text: plural forms, `{{values}}` or `$t(nested labels)`, in the language or in English, its fallback.
 */
function labels(lng: keyof typeof resources) {
  const found = new Map<string, boolean>();
  const walk = (node: object, prefix: string) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value !== "string") {
        walk(value, `${prefix}${name}.`);
        continue;
      }
      const key = `${prefix}${name.replace(/_(zero|one|two|few|many|other)$/, "")}`;
      const varies = key !== `${prefix}${name}` || /\{\{|\$t\(/.test(value);
      found.set(key, (found.get(key) ?? false) || varies);
    }
  };
  walk(resources.en.common, "");
  walk(resources[lng].common, "");
  return found;
}

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

  it("says what a fresh i18next says, for every label in every language, with and without values", async () => {
    const mismatches: string[] = [];
    for (const lng of SUPPORTED_LANGUAGES) {
      const plain = createInstance();
      await plain.init({ ...i18nConfig, lng, resources, initImmediate: false });
      const fresh = plain.getFixedT(lng);
      const cached = i18nextFor(lng).t;
      for (const [key, varies] of labels(lng)) {
        // A label without plural forms, values or nested labels reads the same whatever the
        // options, so options could not show a wrong cached answer there: it is asked once, bare.
        for (const options of varies ? OPTIONS : [undefined]) {
          const expected = fresh(key, options);
          // Twice: the first answer is stored, the second is read from the cache.
          for (let round = 0; round < 2; round++) {
            const answer = cached(key, options);
            if (answer !== expected) mismatches.push(`${lng} ${key} ${JSON.stringify(options)}: ${answer} ≠ ${expected}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
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
