import {
  BUSINESS_KINDS,
  CATEGORY_FILTER_MAX_LENGTH,
  DIRECTORY_COUNTRIES_MAX,
  DIRECTORY_RESPONSE_RATES,
  DIRECTORY_SORTS,
  SEARCH_TERM_MAX_LENGTH,
  type BusinessKind,
  type DirectorySort,
} from "~/lib/constants";
import { knownPlaceCode } from "~/lib/countries";

// The companies directory's filters, read from the URL (GET /companies?country=CN&verified=1…).
// A value that is not one we know is ignored, and the page says so (a note per value).

export interface DirectoryFilters {
  /** Part of a company's name. */
  search: string;
  /** ISO codes, upper-case, without repeats. */
  countries: string[];
  verified: boolean;
  businessType: BusinessKind | null;
  /** A category of the companies' listings. */
  category: string | null;
  /** At least this share of requests answered within 24 hours. */
  responseRate: (typeof DIRECTORY_RESPONSE_RATES)[number] | null;
  sort: DirectorySort;
}

/** A value the page ignored: its parameter and the value (cut short, as the page shows it). */
export interface IgnoredFilter {
  param: "country" | "countries" | "verified" | "business_type" | "category" | "response_rate" | "sort";
  value: string;
}

const SHOWN_MAX = 40;
const shown = (value: string) => (value.length > SHOWN_MAX ? `${value.slice(0, SHOWN_MAX)}…` : value);
const one = <T extends string>(list: readonly T[], value: string): T | null => list.find((v) => v === value) ?? null;

/**
 * The filters in `params`, and what was ignored. Each parameter is read once (the first value),
 * except `country`, which repeats; `q` is the search's older name (links from before the filters).
 */
export function parseDirectoryFilters(params: URLSearchParams): { filters: DirectoryFilters; ignored: IgnoredFilter[] } {
  const ignored: IgnoredFilter[] = [];
  const get = (key: string) => (params.get(key) ?? "").trim();

  const search = (get("search") || get("q")).slice(0, SEARCH_TERM_MAX_LENGTH);

  const countries: string[] = [];
  // Only the first values are looked at: a URL with 100,000 of them costs no more than one with 60.
  for (const raw of params.getAll("country").slice(0, DIRECTORY_COUNTRIES_MAX * 2)) {
    const value = raw.trim();
    if (!value) continue;
    const code = value.length === 2 ? knownPlaceCode(value) : null;
    if (!code) ignored.push({ param: "country", value: shown(value) });
    else if (!countries.includes(code)) countries.push(code);
  }
  if (countries.length > DIRECTORY_COUNTRIES_MAX) {
    ignored.push({ param: "countries", value: String(DIRECTORY_COUNTRIES_MAX) });
    countries.length = DIRECTORY_COUNTRIES_MAX;
  }

  const verifiedValue = get("verified");
  const verified = verifiedValue === "1";
  if (verifiedValue && !verified && verifiedValue !== "0") ignored.push({ param: "verified", value: shown(verifiedValue) });

  const typeValue = get("business_type");
  const businessType = typeValue ? one(BUSINESS_KINDS, typeValue) : null;
  if (typeValue && !businessType) ignored.push({ param: "business_type", value: shown(typeValue) });

  const categoryValue = get("category");
  const category = categoryValue && categoryValue.length <= CATEGORY_FILTER_MAX_LENGTH ? categoryValue : null;
  if (categoryValue && !category) ignored.push({ param: "category", value: shown(categoryValue) });

  const rateValue = get("response_rate");
  const responseRate = DIRECTORY_RESPONSE_RATES.find((rate) => String(rate) === rateValue) ?? null;
  if (rateValue && !responseRate) ignored.push({ param: "response_rate", value: shown(rateValue) });

  const sortValue = get("sort");
  const sort = (sortValue && one(DIRECTORY_SORTS, sortValue)) || "best";
  if (sortValue && sort !== sortValue) ignored.push({ param: "sort", value: shown(sortValue) });

  const once = ignored.filter((a, i) => ignored.findIndex((b) => b.param === a.param && b.value === a.value) === i);
  return { filters: { search, countries, verified, businessType, category, responseRate, sort }, ignored: once };
}

/** The filters as query parameters (defaults left out), for links and the canonical URL. */
export function directoryParams(filters: DirectoryFilters) {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  for (const code of filters.countries) params.append("country", code);
  if (filters.verified) params.set("verified", "1");
  if (filters.businessType) params.set("business_type", filters.businessType);
  if (filters.category) params.set("category", filters.category);
  if (filters.responseRate) params.set("response_rate", String(filters.responseRate));
  if (filters.sort !== "best") params.set("sort", filters.sort);
  return params;
}

/** Whether any filter (not the search or the sort) is on. */
export function hasDirectoryFilter(filters: DirectoryFilters) {
  return filters.countries.length > 0 || filters.verified || !!filters.businessType || !!filters.category || !!filters.responseRate;
}
