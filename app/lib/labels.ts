// Which labels a page's browser code fetches (docs/decisions/0011-browser-translator.md).

/** Set by vite.config.ts: where this build's label files are, and the locale files' top-level sections. */
declare const __LABELS__: { path: string; sections: string[] };

export const LABEL_SECTIONS: ReadonlySet<string> = new Set(__LABELS__.sections);

/** A language's labels, or only those under some sections or keys (app/lib/label-files.ts). */
export function labelsUrl(lng: string, paths?: readonly string[]) {
  return `${__LABELS__.path}${[lng, ...(paths ?? [])].join("~")}.json`;
}

/**
 * A route that knows every label it can show (after interactions too: form errors, toasts of its
 * own actions) lists them in its `handle`: top-level sections of the locale files, or keys with
 * all below them ("content.requests.menu"). Written as a literal: the build reads it from the
 * source to make the route's label file.
 */
export interface LabelsHandle {
  labels: string[];
}

/**
 * The label files a page fetches before it hydrates: one per route, or the whole language when
 * one of its routes lists nothing. A label that a list missed suspends hydration until the whole
 * language has arrived (app/lib/react-i18n-browser.tsx): React then logs a hydration error and
 * renders the page again in the browser, correctly.
 */
export function pageLabelFiles(lng: string, matches: { handle?: unknown }[], toast: unknown): string[] {
  // A toast names labels of whichever page sent it.
  if (toast) return [labelsUrl(lng)];
  const groups = matches.map(({ handle }) => (handle as Partial<LabelsHandle> | undefined)?.labels);
  if (groups.some((sections) => !sections)) return [labelsUrl(lng)];
  return groups.filter((sections) => sections!.length > 0).map((sections) => labelsUrl(lng, sections));
}
