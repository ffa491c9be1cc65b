// Build-time only (vite.config.ts): splits the locale files into what the browser fetches. No `~/`
// imports, so that Vite's config loader can bundle it.
import type { Labels } from "./translate";

/** One file under /assets/labels/<hash>/: a language's labels, or some top-level sections of them. */
export interface LabelFile {
  language: string;
  /** The sections, or keys with all below them, that `labels` holds in full; all of them when absent. */
  paths?: string[];
  labels: Labels;
  /**
   * The fallback language's labels that i18next may reach from this language: the plural forms of
   * keys for which this language lacks one of its own plural categories (French "many" for a count
   * of a million falls back to English "other").
   */
  fallback?: Labels;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * For each language, `<lng>.json` (everything) and `<lng>~<path>~<path>….json` for each list of
 * sections (or keys with all below them) that a route names in its `handle`, so that a page
 * fetches one file per route.
 */
export function labelFiles(locales: Record<string, Labels>, fallbackLanguage: string, groups: string[][]): Map<string, LabelFile> {
  const files = new Map<string, LabelFile>();
  for (const language of Object.keys(locales)) {
    files.set(`${language}.json`, labelFile(locales, fallbackLanguage, language)!);
    for (const paths of groups) {
      const file = labelFile(locales, fallbackLanguage, language, paths);
      if (file) files.set(`${[language, ...paths].join("~")}.json`, file);
    }
  }
  return files;
}

/** The file of `language`'s labels under `paths` (all when omitted); undefined for an unknown name. */
export function labelFile(
  locales: Record<string, Labels>,
  fallbackLanguage: string,
  language: string,
  paths?: string[],
): LabelFile | undefined {
  const all = locales[language];
  if (!all || paths?.some((path) => pick(all, [path]) === undefined)) return undefined;
  const fallback = language === fallbackLanguage ? undefined : reachableFallback(all, locales[fallbackLanguage], language);
  const labels = paths ? pick(all, paths)! : all;
  const picked = fallback && (paths ? pick(fallback, paths) : fallback);
  return { language, ...(paths && { paths }), labels, ...(picked && { fallback: picked }) };
}

/** The part of `labels` under any of `paths`; undefined when none is there. */
function pick(labels: Labels, paths: string[]): Labels | undefined {
  const tree: Labels = {};
  let found = false;
  for (const path of paths) {
    const parts = path.split(".");
    let from: string | Labels | undefined = labels;
    for (const part of parts) from = typeof from === "object" && Object.hasOwn(from, part) ? from[part] : undefined;
    if (from === undefined) continue;
    found = true;
    setAt(tree, parts, from);
  }
  return found ? tree : undefined;
}

/** Puts `value` at the path `parts` of `tree`, making the objects on the way. */
function setAt(tree: Labels, parts: string[], value: string | Labels) {
  let node = tree;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Labels;
  node[parts[parts.length - 1]] = value;
}

function reachableFallback(labels: Labels, fallbackLabels: Labels, language: string): Labels | undefined {
  const own = new Set(leaves(labels).map(([key]) => key));
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const reached = leaves(fallbackLabels).filter(([key]) => {
    if (!own.has(key)) return true;
    const base = key.replace(PLURAL, "");
    return base !== key && !own.has(base) && categories.some((category) => !own.has(`${base}_${category}`));
  });
  if (reached.length === 0) return undefined;
  const tree: Labels = {};
  for (const [key, text] of reached) setAt(tree, key.split("."), text);
  return tree;
}

function leaves(labels: Labels, prefix = ""): [string, string][] {
  return Object.entries(labels).flatMap(([key, value]) =>
    typeof value === "string" ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}
