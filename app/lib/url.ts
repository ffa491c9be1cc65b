import { PAGE_MAX } from "~/lib/constants";

// Control characters (tab, CR, LF, NUL and the rest) are dropped by URL parsers, so '/\t/evil'
// would reach a browser as '//evil'; such a target is refused outright.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f]/;
const ORIGIN = "http://internal.invalid";

/**
 * Only a path on this site: resolved against our own origin it must stay there, and what is
 * answered is the resolved path, judged again: '/.//evil' resolves to '//evil', which a browser
 * reads as another host. Anything else (another host, a scheme, '//', '/\\', control characters)
 * falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2048 || CONTROL.test(to)) return fallback;
  try {
    const url = new URL(to, ORIGIN);
    const path = url.pathname + url.search + url.hash;
    if (url.origin !== ORIGIN || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/** The URL of the current page with one search parameter set (or removed when value is null). */
export function withSearchParam(pathname: string, search: string, key: string, value: string | null) {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(key);
  else params.set(key, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** A page number from the URL: a whole number from 1 to the cap; anything else is page 1. */
export function pageFrom(url: URL, max = PAGE_MAX) {
  return Math.min(max, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
}

/** A search parameter, trimmed and cut to a bounded length (every query parameter is bounded). */
export function boundedParam(url: URL, key: string, maxLength: number) {
  return (url.searchParams.get(key) ?? "").trim().slice(0, maxLength);
}

/**
 * How many pages a list shows: every page of `total` rows, but never past the cap (deep OFFSETs
 * read every row before the page). `capped` says some matches lie beyond the last page shown.
 */
export function pageCount(total: number, pageSize: number, cap = PAGE_MAX) {
  const all = Math.max(1, Math.ceil(total / pageSize));
  return { pages: Math.min(all, cap), capped: all > cap };
}

export const MY_CATALOG = "/catalog";

/** My Catalog with one catalog's product list open. */
export const catalogListUrl = (catalogId: string) => `${MY_CATALOG}?show=${encodeURIComponent(catalogId)}`;

/**
 * The path with its query without some values: every value of `key`, or only `value` (compared
 * trimmed and without case: 'cn' is the chip of CN), and without `page` and empty values. The link
 * behind a filter chip, and the clear-all link.
 */
export function urlWithout(pathname: string, params: URLSearchParams, remove: { key: string; value?: string }[]) {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (key === "page" || value === "") continue;
    const removed = remove.some((r) => r.key === key && (r.value === undefined || value.trim().toUpperCase() === r.value.toUpperCase()));
    if (!removed) next.append(key, value);
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}
