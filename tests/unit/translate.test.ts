import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "~/lib/constants";
import { i18nConfig } from "~/lib/i18n";
import { resources } from "~/lib/i18n.server";
import { labelFile, labelFiles, type LabelFile } from "~/lib/label-files";
import { translate, type Labels, type TranslateOptions } from "~/lib/translate";

// The browser renders with app/lib/translate.ts what the server rendered with i18next: any
// difference is a hydration mismatch. Every label of every language is compared, as the browser
// holds it (the label files of app/lib/label-files.ts), with the options our pages pass.

const locales = Object.fromEntries(SUPPORTED_LANGUAGES.map((lng) => [lng, resources[lng].common as Labels]));

function server(lng: string): TFunction {
  const instance = createInstance();
  void instance.init({ ...i18nConfig, lng, resources, initImmediate: false });
  return instance.getFixedT(lng);
}

/** A browser that fetched `files`, as app/lib/react-i18n-browser.tsx holds them. */
function browser(lng: string, files: LabelFile[]) {
  const held = new Map<string, Labels>();
  const merge = (language: string, labels: Labels) => held.set(language, { ...held.get(language), ...labels });
  for (const file of files) {
    merge(file.language, file.labels);
    if (file.fallback) merge("en", file.fallback);
  }
  return (key: unknown, options?: TranslateOptions) => translate((language, section) => held.get(language)?.[section], lng, key, options);
}

function keys(labels: Labels, prefix = ""): string[] {
  return Object.entries(labels).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

const englishKeys = keys(locales.en);
const pluralBases = [
  ...new Set(englishKeys.filter((k) => /_(zero|one|two|few|many|other)$/.test(k)).map((k) => k.replace(/_[a-z]+$/, ""))),
];
const sampleValues = Object.fromEntries(
  [
    ...new Set(
      JSON.stringify(locales)
        .match(/{{[^}]+}}/g)!
        .map((p) => p.slice(2, -2).replace(/^-/, "").trim()),
    ),
  ].map((name, i) => [name, `v${i}$&`]),
);

describe.each(SUPPORTED_LANGUAGES)("the browser's labels in %s", (lng) => {
  const t = server(lng);
  const whole = browser(lng, [labelFile(locales, "en", lng)!]);

  it("match i18next for every key, without and with interpolation values", () => {
    for (const key of [...englishKeys, ...pluralBases]) {
      expect(whole(key), key).toBe(t(key));
      expect(whole(key, sampleValues), key).toBe(t(key, sampleValues));
    }
  });

  it("match i18next's plural forms for every count, falling back to English as it does", () => {
    for (const key of pluralBases) {
      for (const count of [0, 1, 2, 5, 21, 1.5, 1_000_000]) {
        expect(whole(key, { count }), `${key} ${count}`).toBe(t(key, { count }));
        expect(whole(key, { ...sampleValues, count }), `${key} ${count}`).toBe(t(key, { ...sampleValues, count }));
      }
    }
  });

  it("match i18next for section files, sections missing, odd keys and values", () => {
    const files = labelFiles(locales, "en", [["products", "membership", "content.requests.menu"]]);
    const sections = browser(lng, [files.get(`${lng}~products~membership~content.requests.menu.json`)!]);
    for (const key of ["products.found", "membership.catalogs"])
      for (const count of [0, 1, 1_000_000]) expect(sections(key, { count })).toBe(t(key, { count }));
    expect(sections("content.requests.menu")).toBe(t("content.requests.menu"));
    const odd: [unknown, TranslateOptions?][] = [
      ["no.such.key"],
      ["Invalid input: expected string, received undefined"],
      ["common:header.skipToContent"],
      ["other:header.skipToContent"],
      ["header"],
      [""],
      [undefined],
      ["header.skipToContent."],
      ["meta.siteName.deeper"],
      ["forum.plans.nonexistent", { defaultValue: "gold" }],
      ["Hello {{name}} and {{name}}, {{missing}}", { name: "{{missing}}" }],
      ["{{a}}-{{b}}", { a: null, b: undefined }],
      ["{{a.b}} {{- c}}", { a: { b: 3 }, c: "<i>" }],
      ["products.found", { count: "3" }],
    ];
    for (const [key, options] of odd) expect(whole(key, options), String(key)).toBe(t(key as string, options as never));
  });
});

it("would notice a label that differs from the server's", () => {
  const changed = structuredClone(locales.en);
  (changed.header as Labels).skipToContent = "Skip";
  const t = browser("en", [labelFile({ ...locales, en: changed }, "en", "en")!]);
  expect(t("header.skipToContent")).not.toBe(server("en")("header.skipToContent"));
});
