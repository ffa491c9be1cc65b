// What the browser bundle gets for `react-i18next` and `remix-i18next/react` (vite.config.ts swaps
// them in outside SSR; the server renders with the real ones). docs/decisions/0011-browser-translator.md
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { DEFAULT_LANGUAGE } from "~/lib/constants";
import type { LabelFile } from "~/lib/label-files";
import { LABEL_SECTIONS, labelsUrl } from "~/lib/labels";
import { translate, type Labels, type TranslateOptions } from "~/lib/translate";

export type TFunction = (key: unknown, options?: TranslateOptions) => string;

export interface BrowserI18n {
  readonly language: string;
  changeLanguage(lng: string): Promise<void>;
}

interface Snapshot {
  t: TFunction;
  i18n: BrowserI18n;
}

export async function fetchLabels(url: string): Promise<LabelFile> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/**
 * The page's language and the labels fetched so far. A page starts with those its routes list
 * (root.tsx preloads them); a label from anywhere else suspends the render that asks for it until
 * the whole language has arrived. Navigations render in transitions, so React keeps the old page
 * meanwhile and no label ever shows as its key. Hydration cannot wait like that without a Suspense
 * boundary in the server's HTML: React reports a mismatch (#418) and renders the page afresh, so
 * a route's `handle` must list every label its page shows.
 */
export class BrowserTranslations {
  private readonly labels = new Map<string, Labels>();
  private readonly loaded = new Map<string, Set<string>>();
  private readonly wholeLanguage = new Map<string, Promise<void>>();
  private readonly listeners = new Set<() => void>();
  private snapshot: Snapshot;

  constructor(language: string) {
    this.snapshot = this.snapshotFor(language);
  }

  /** Adds a fetched label file (app/lib/label-files.ts). */
  add({ language, paths, labels, fallback }: LabelFile) {
    const loaded = this.loaded.get(language) ?? new Set();
    this.loaded.set(language, loaded);
    for (const path of paths ?? Object.keys(labels)) loaded.add(path);
    this.merge(language, labels);
    if (fallback) this.merge(DEFAULT_LANGUAGE, fallback);
  }

  /** Every section of `lng`, fetched once. */
  loadLanguage(lng: string): Promise<void> {
    let loading = this.wholeLanguage.get(lng);
    if (!loading) {
      loading = fetchLabels(labelsUrl(lng)).then((file) => this.add(file));
      loading.catch(() => this.wholeLanguage.delete(lng));
      this.wholeLanguage.set(lng, loading);
    }
    return loading;
  }

  async changeLanguage(lng: string): Promise<void> {
    // The switch re-renders synchronously (useSyncExternalStore), so nothing may be left to fetch.
    await this.loadLanguage(lng);
    this.snapshot = this.snapshotFor(lng);
    for (const listener of this.listeners) listener();
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly current = () => this.snapshot;

  /** Whether the labels of `lng` under `path`, or under one of its parents, have arrived. */
  private has(lng: string, path: string) {
    const loaded = this.loaded.get(lng);
    for (let end = path.indexOf("."); loaded && end !== -1; end = path.indexOf(".", end + 1))
      if (loaded.has(path.slice(0, end))) return true;
    return !!loaded?.has(path);
  }

  private merge(language: string, labels: Labels) {
    this.labels.set(language, deepMerge(this.labels.get(language) ?? {}, labels));
  }

  private snapshotFor(language: string): Snapshot {
    const sectionOf = (lng: string, section: string, path: string) => {
      if (lng === language && LABEL_SECTIONS.has(section) && !this.has(lng, path)) throw this.loadLanguage(lng);
      return this.labels.get(lng)?.[section];
    };
    return {
      t: (key, options) => translate(sectionOf, language, key, options),
      i18n: { language, changeLanguage: (lng) => this.changeLanguage(lng) },
    };
  }
}

function deepMerge(into: Labels, from: Labels): Labels {
  const merged = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = merged[key];
    merged[key] = typeof value !== "string" && existing && typeof existing !== "string" ? deepMerge(existing, value) : value;
  }
  return merged;
}

const Translations = createContext<BrowserTranslations | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: BrowserTranslations; children: ReactNode }) {
  return <Translations.Provider value={i18n}>{children}</Translations.Provider>;
}

export function useTranslation(): Snapshot {
  const translations = useContext(Translations);
  if (!translations) throw new Error("useTranslation needs an I18nextProvider above it");
  return useSyncExternalStore(translations.subscribe, translations.current, translations.current);
}

/** remix-i18next's hook: follows the root loader's locale when a navigation changes it. */
export function useChangeLanguage(locale: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
}
