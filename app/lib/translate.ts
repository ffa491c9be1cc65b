import { DEFAULT_LANGUAGE } from "~/lib/constants";

/** A locale file's tree (app/locales/*.json), or the part of it a page has loaded. */
export interface Labels {
  [key: string]: string | Labels;
}

/** One top-level section of a language's labels (undefined when it has none by that name), asked for to look up `path`. */
export type SectionOf = (lng: string, section: string, path: string) => string | Labels | undefined;

export type TranslateOptions = Record<string, unknown> & { count?: unknown; defaultValue?: unknown };

/**
 * i18next's lookup and interpolation as the server renders them (app/lib/i18n.ts's options:
 * one namespace, "." between key parts, no escaping, English as the fallback), for the browser,
 * where i18next itself would be the largest part of a page's JavaScript. Only what our locale
 * files and `t()` calls use is here; tests/unit/translate.test.ts holds it to i18next's answers
 * for every label of every language.
 */
export function translate(sectionOf: SectionOf, lng: string, key: unknown, options?: TranslateOptions): string {
  if (key === undefined || key === null || key === "") return "";
  const { path, inNamespace } = splitKey(String(key));
  const count = options?.count;
  const plural = count !== undefined && typeof count !== "string";
  const languages = lng === DEFAULT_LANGUAGE ? [lng] : [lng, DEFAULT_LANGUAGE];
  let found: string | Labels | undefined;
  if (inNamespace) {
    for (const language of languages) {
      // i18next tries the most specific form first: `_zero` for a count of 0, then the
      // language's own plural category, then the bare key.
      const candidates = [path];
      if (plural) {
        candidates.push(`${path}_${pluralRules(language).select(count as number)}`);
        if (count === 0) candidates.push(`${path}_zero`);
      }
      for (let i = candidates.length - 1; found === undefined && i >= 0; i--) found = lookup(sectionOf, language, candidates[i]);
      if (found !== undefined) break;
    }
  }
  if (found !== undefined && typeof found !== "string") return `key '${path} (${lng})' returned an object instead of string.`;
  if (found === undefined && options && "defaultValue" in options && options.defaultValue !== undefined && options.defaultValue !== null) {
    found = String(options.defaultValue);
  }
  return interpolate(found ?? path, options ?? {});
}

/**
 * i18next reads "ns:key" as a namespace prefix unless the key looks like a sentence (a space or
 * punctuation before the first "."), as a validation message might; a namespace other than ours
 * is never loaded, so its keys come back as themselves.
 */
function splitKey(key: string): { path: string; inNamespace: boolean } {
  if (!key.includes(":")) return { path: key, inNamespace: true };
  const sentence = /[ ,?!;]/;
  const dot = key.indexOf(".");
  const looksLikePath = !sentence.test(key) || (dot > 0 && !sentence.test(key.slice(0, dot)));
  if (!looksLikePath || /\$t\(.+?\)/.test(key)) return { path: key, inNamespace: true };
  const [namespace, ...rest] = key.split(":");
  return { path: rest.join("."), inNamespace: namespace === "common" };
}

function lookup(sectionOf: SectionOf, lng: string, path: string): string | Labels | undefined {
  const [section, ...parts] = path.split(".");
  let node = sectionOf(lng, section, path);
  for (const part of parts) {
    if (!node || typeof node === "string" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  // i18next treats null as missing and keeps "" (returnNull false, returnEmptyString true).
  return node ?? undefined;
}

const rules = new Map<string, Intl.PluralRules>();
function pluralRules(lng: string) {
  let rule = rules.get(lng);
  if (!rule) {
    rule = new Intl.PluralRules(lng);
    rules.set(lng, rule);
  }
  return rule;
}

/**
 * `{{name}}` and `{{- name}}` as i18next fills them with escapeValue off: a value it was not given
 * stays as written, one given as undefined or null becomes "". Each replacement goes to the first
 * equal placeholder in the text, as i18next's `String.replace` does.
 */
function interpolate(text: string, values: TranslateOptions): string {
  for (const pattern of [/{{-(.+?)}}/g, /{{(.+?)}}/g]) {
    let match: RegExpExecArray | null;
    while ((match = pattern.exec(text))) {
      const name = match[1].trim();
      const value = valueAt(values, name);
      if (value === undefined && !Object.hasOwn(values, name)) continue;
      const replacement = value == null ? "" : String(value);
      text = text.replace(match[0], () => replacement);
      pattern.lastIndex += replacement.length - match[0].length;
    }
  }
  return text;
}

function valueAt(values: Record<string, unknown>, name: string): unknown {
  const parts = name.split(".");
  let node: unknown = values;
  for (const part of parts.slice(0, -1)) {
    if (!node || typeof node === "string") return undefined;
    node = Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : {};
  }
  if (!node || typeof node === "string") return undefined;
  return (node as Record<string, unknown>)[parts[parts.length - 1]];
}
