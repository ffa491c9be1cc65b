import {
  BUSINESS_KINDS,
  COUNTRY_FILTER_MAX,
  LEAD_TIME_DAYS_MAX,
  LEAD_TIME_STEPS,
  MOQ_STEPS,
  PRICE_FILTER_MAX,
  PRODUCT_SORTS,
  RESPONSE_RATE_STEPS,
  TRADE_QUANTITY_MAX,
  type BusinessKind,
  type ProductSort,
} from "~/lib/constants";
import { isCountryCode, storedCountryNames } from "~/lib/countries";
import { isCurrency, type Currency } from "~/lib/currency";

// The filters and the sort of /products as the URL carries them (issue 39), checked: a value that
// is not one of the choices, a negative or unreadable number, a range upside down is left out,
// with a note the page shows. Also the search index's filter words (migration 0034 writes them).

export interface ProductFilters {
  /** ISO 3166 codes of the suppliers' countries (any of them). */
  countries: string[];
  /** The price range in `currency` (the display currency). */
  priceMin: number | null;
  priceMax: number | null;
  currency: Currency;
  moqMax: number | null;
  verified: boolean;
  businessType: BusinessKind | null;
  responseRate: (typeof RESPONSE_RATE_STEPS)[number] | null;
  samples: boolean;
  leadTimeMax: number | null;
}

/** A value the page left out, and why: shown above the results. */
export interface FilterNote {
  param: string;
  value: string;
  reason: "unknown" | "number" | "range" | "too_many";
}

/** The URL's names of the filters (chips and alerts list them in this order). */
export type FilterParam =
  "country" | "price_min" | "price_max" | "moq_max" | "verified" | "business_type" | "response_rate" | "samples" | "lead_time_max";

// A hostile URL may repeat a parameter thousands of times: only this many are looked at.
const REPEATS_READ = COUNTRY_FILTER_MAX * 2;
const VALUE_SHOWN_MAX = 40;

/**
 * The filters and the sort of a URL. `currency` is the display currency (app/lib/display-currency.server.ts),
 * in which the price range is read; `hasSearch` picks the default sort (best match with a search).
 */
export function parseProductFilters(params: URLSearchParams, currency: Currency, hasSearch: boolean) {
  const notes: FilterNote[] = [];
  const note = (param: string, value: string, reason: FilterNote["reason"]) =>
    notes.push({ param, value: value.slice(0, VALUE_SHOWN_MAX), reason });
  const one = (param: string) => {
    const value = params.get(param)?.trim() ?? "";
    return value === "" ? null : value;
  };
  const choice = <T extends string>(param: string, choices: readonly T[]) => {
    const value = one(param);
    if (value === null) return null;
    if ((choices as readonly string[]).includes(value)) return value as T;
    note(param, value, "unknown");
    return null;
  };
  const number = (param: string, max: number, whole: boolean) => {
    const value = one(param);
    if (value === null) return null;
    const pattern = whole ? /^\d{1,12}$/ : /^\d{1,12}(\.\d{1,4})?$/;
    const parsed = Number(value);
    if (!pattern.test(value) || parsed > max) {
      note(param, value, "number");
      return null;
    }
    return parsed;
  };
  const flag = (param: string) => choice(param, ["1"]) === "1";

  const countries: string[] = [];
  const asked = params.getAll("country").slice(0, REPEATS_READ);
  for (const raw of asked) {
    const code = raw.trim().toUpperCase();
    if (code === "") continue;
    if (!isCountryCode(code)) note("country", raw, "unknown");
    else if (countries.includes(code)) continue;
    else if (countries.length >= COUNTRY_FILTER_MAX) note("country", raw, "too_many");
    else countries.push(code);
  }
  const askedCurrency = one("currency");
  if (askedCurrency !== null && !isCurrency(askedCurrency)) note("currency", askedCurrency, "unknown");

  let priceMin = number("price_min", PRICE_FILTER_MAX, false);
  let priceMax = number("price_max", PRICE_FILTER_MAX, false);
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) {
    note("price_min", `${priceMin} > ${priceMax}`, "range");
    priceMin = priceMax = null;
  }
  const filters: ProductFilters = {
    countries,
    priceMin,
    priceMax,
    currency,
    moqMax: number("moq_max", TRADE_QUANTITY_MAX, true),
    verified: flag("verified"),
    businessType: choice("business_type", BUSINESS_KINDS),
    responseRate: (() => {
      const value = choice(
        "response_rate",
        RESPONSE_RATE_STEPS.map((step) => String(step)),
      );
      return value === null ? null : (Number(value) as ProductFilters["responseRate"]);
    })(),
    samples: flag("samples"),
    leadTimeMax: number("lead_time_max", LEAD_TIME_DAYS_MAX, true),
  };
  const sort = choice("sort", PRODUCT_SORTS) ?? defaultSort(hasSearch);
  return { filters, sort: sort === "best" && !hasSearch ? ("newest" as const) : sort, notes };
}

function defaultSort(hasSearch: boolean): ProductSort {
  return hasSearch ? "best" : "newest";
}

export function noFilters(currency: Currency): ProductFilters {
  return {
    countries: [],
    priceMin: null,
    priceMax: null,
    currency,
    moqMax: null,
    verified: false,
    businessType: null,
    responseRate: null,
    samples: false,
    leadTimeMax: null,
  };
}

export function hasFilters(f: ProductFilters) {
  return activeFilters(f).length > 0;
}

/** The active filters as URL pairs, in the order of FilterParam (a chip each; an alert keeps them). */
export function activeFilters(f: ProductFilters): [FilterParam, string][] {
  const pairs: [FilterParam, string][] = f.countries.map((code) => ["country", code]);
  if (f.priceMin !== null) pairs.push(["price_min", String(f.priceMin)]);
  if (f.priceMax !== null) pairs.push(["price_max", String(f.priceMax)]);
  if (f.moqMax !== null) pairs.push(["moq_max", String(f.moqMax)]);
  if (f.verified) pairs.push(["verified", "1"]);
  if (f.businessType) pairs.push(["business_type", f.businessType]);
  if (f.responseRate !== null) pairs.push(["response_rate", String(f.responseRate)]);
  if (f.samples) pairs.push(["samples", "1"]);
  if (f.leadTimeMax !== null) pairs.push(["lead_time_max", String(f.leadTimeMax)]);
  return pairs;
}

/**
 * The filters as a query string that a trade alert keeps and replays (the currency only with a
 * price, which it is read in); empty without filters.
 */
export function filtersQuery(f: ProductFilters) {
  const params = new URLSearchParams(activeFilters(f));
  if (f.priceMin !== null || f.priceMax !== null) params.set("currency", f.currency);
  return params.toString();
}

// The search index's filter words --------------------------------------------------------------

/** A name as one word of the index: no accents, lower case, letters and digits only. */
export function squashWord(text: string) {
  return (
    text
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).join("");
}

export const ALL_WORD = "xall";
export const COUNTRY_WORD_PREFIX = "xc";
export const countryWords = (code: string) => storedCountryNames(code).map((name) => COUNTRY_WORD_PREFIX + squashWord(name));
export const VERIFIED_WORD = "xverified";
export const SAMPLES_WORD = "xsamples";
export const businessTypeWord = (kind: BusinessKind) => `xb${kind.replace(/_/g, "")}`;
export const responseRateWord = (step: number) => `xr${step}`;

/**
 * The word of "at most `value`" over steps (a listing has the word of every step at or above its
 * number), and whether it is exact; null when `value` is above the last step (the rows decide alone).
 */
export function stepWord(prefix: "xm" | "xl", value: number) {
  const steps: readonly number[] = prefix === "xm" ? MOQ_STEPS : LEAD_TIME_STEPS;
  const step = steps.find((s) => s >= value);
  return step === undefined ? null : { word: `${prefix}${step}`, exact: step === value };
}

/** A FTS5 expression over the filter words column: any of the words. */
export function facetMatch(words: string[]) {
  return `facets : (${words.map((w) => `"${w}"`).join(" OR ")})`;
}

/**
 * The filters a trade alert keeps, from what it was given (a query string from /products): checked
 * again, as the page checks them, and written back in one canonical form; null without filters.
 */
export function savedFilters(query: string | null | undefined) {
  if (!query) return null;
  const params = new URLSearchParams(query);
  const { filters } = parseProductFilters(params, currencyOf(query), false);
  return filtersQuery(filters) || null;
}

/** The filters of a trade alert (`savedFilters`), or null. */
export function filtersOfSaved(query: string | null) {
  if (!query || !savedFilters(query)) return null;
  return parseProductFilters(new URLSearchParams(query), currencyOf(query), false).filters;
}

const currencyOf = (query: string) => {
  const currency = new URLSearchParams(query).get("currency");
  return isCurrency(currency) ? currency : "USD";
};

/** The address of the list with no filter and no category: the words and the sort stay. */
export function withoutFilters(pathname: string, params: URLSearchParams) {
  const next = new URLSearchParams();
  for (const key of ["search", "sort", "currency"]) {
    const value = params.get(key)?.trim();
    if (value) next.set(key, value);
  }
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}
