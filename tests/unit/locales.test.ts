import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import { resources } from "~/lib/i18n.server";

function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value !== "object" || value === null) return { [prefix]: String(value) };
  return Object.entries(value).reduce(
    (all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }),
    {} as Record<string, string>,
  );
}

const english = flatten(resources.en.common);

describe("locale files", () => {
  it.each(SUPPORTED_LANGUAGES)("%s has exactly the English keys, none empty", (lng) => {
    const labels = flatten(resources[lng].common);
    expect(Object.keys(labels).sort()).toEqual(Object.keys(english).sort());
    for (const [key, label] of Object.entries(labels)) expect(label.trim(), `${lng}:${key}`).not.toBe("");
  });

  it.each(SUPPORTED_LANGUAGES.filter((lng) => lng !== "en"))("%s is translated, not English copied", (lng) => {
    const labels = flatten(resources[lng].common);
    // Names, numbers and codes may stay as they are; most sentences may not.
    const copied = Object.keys(english).filter((key) => english[key].length > 12 && labels[key] === english[key]);
    expect(copied).toEqual([]);
  });

  it("keeps interpolation placeholders, with their number formats, in every translation", () => {
    // '{{count, number}}' in English stays '{{count, number}}': a number is formatted in every language.
    const placeholder = /{{\s*\w+\s*(?:,\s*\w+\s*)?}}/g;
    for (const lng of SUPPORTED_LANGUAGES) {
      const labels = flatten(resources[lng].common);
      for (const [key, label] of Object.entries(english)) {
        const wanted = (label.match(placeholder) ?? []).map((p) => p.replace(/\s/g, "")).sort();
        const found = (labels[key].match(placeholder) ?? []).map((p) => p.replace(/\s/g, "")).sort();
        expect(found, `${lng}:${key}`).toEqual(wanted);
      }
    }
  });

  it("names the site one way per language: every label that names it nests meta.siteName", () => {
    // The names the e-mails used before (issue 38, item 16): English and transliterations beside each language's own.
    const others = ["Global Trade Marketplace", "ग्लोबल ट्रेड मार्केटप्लेस", "グローバル・トレード・マーケットプレイス"];
    for (const lng of SUPPORTED_LANGUAGES) {
      const labels = flatten(resources[lng].common);
      const names = new Set([...others, labels["meta.siteName"]]);
      const written = Object.entries(labels).filter(
        ([key, label]) => key !== "meta.siteName" && [...names].some((name) => label.includes(name)),
      );
      expect(written.map(([key]) => `${lng}:${key}`)).toEqual([]);
    }
  });
});
