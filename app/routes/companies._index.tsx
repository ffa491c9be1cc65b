import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterChips, type FilterChip } from "~/components/filters/filter-chips";
import { ResponseRate } from "~/components/rfq/request-parts";
import { BusinessTypeBadge, VerifiedBadge, verifiedYear } from "~/components/trust/badges";
import { inputClass } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { COMPANIES_PAGE_SIZE, DIRECTORY_SORTS, SEARCH_TERM_MAX_LENGTH } from "~/lib/constants";
import { countryLabel, countryNameOf } from "~/lib/countries";
import { directoryParams, hasDirectoryFilter, parseDirectoryFilters } from "~/lib/directory";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { compareText, formatNumber } from "~/lib/format";
import { categoryLabel } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { canonicalLink, pageMeta } from "~/lib/meta";
import { pageCount, pageFrom, urlWithout } from "~/lib/url";
import { listDirectory } from "~/models/catalogs.server";

// Visitors get this page from the edge cache; members never do.
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, data?.title, data?.description),
  ...canonicalLink(data?.canonical),
];

/**
 * Every catalog is a company buyers can find: by name, narrowed by the owner's country, verified
 * companies, business type, the categories they sell in and response rate, in three orders, each
 * filter option with how many companies it would leave. All of it is in the URL (a GET form).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { filters, ignored } = parseDirectoryFilters(url.searchParams);
  const page = pageFrom(url);
  const [t, locale, { items, total, counts }] = await Promise.all([
    i18nServer.getFixedT(request),
    i18nServer.getLocale(request),
    listDirectory(context.db, filters, page),
  ]);
  const params = directoryParams(filters);
  if (page > 1) params.set("page", String(page));
  const canonical = new URL("/companies", url.origin);
  canonical.search = params.toString();
  // Every country with companies, and the chosen ones even without: most companies first.
  const countryCounts = new Map(counts.countries.map(({ code, n }) => [code, n]));
  for (const code of filters.countries) if (!countryCounts.has(code)) countryCounts.set(code, 0);
  const compare = compareText(locale);
  const countries = [...countryCounts]
    .map(([code, n]) => ({ code, n, label: countryNameOf(code, locale) }))
    .sort((a, b) => b.n - a.n || compare(a.label, b.label));
  // Labels and their order come from the server, so the browser shows the same words in the same order.
  const categories = counts.categories;
  if (filters.category && !categories.some((c) => c.category === filters.category)) categories.push({ category: filters.category, n: 0 });
  const categoryOptions = categories
    .map(({ category, n }) => ({ category, n, label: categoryLabel(t, category) }))
    .sort((a, b) => compare(a.label, b.label));
  return {
    title: filters.search ? t("catalog.companies.searchTitle", { q: filters.search }) : t("catalog.companies.title"),
    description: t("catalog.companies.description"),
    canonical: canonical.toString(),
    filters,
    ignored,
    total,
    page,
    pages: pageCount(total, COMPANIES_PAGE_SIZE).pages,
    counts: { ...counts, countries, categories: categoryOptions },
    companies: items.map((company) => ({ ...company, country: company.country && countryLabel(company.country, locale) })),
  };
}

const boxClass = "h-4 w-4 accent-orange-700";
const legendClass = "text-sm font-semibold text-slate-900";

export default function Companies() {
  const { filters, ignored, total, page, pages, counts, companies } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  const option = (label: string, count: number) => `${label} (${formatNumber(count, i18n.language)})`;
  const countryName = new Map(counts.countries.map((c) => [c.code, c.label]));
  const current = directoryParams(filters);
  const without = (key: string, value?: string) => urlWithout(location.pathname, current, [{ key, value }]);
  const chips: FilterChip[] = [
    ...filters.countries.map((code) => ({ key: `country=${code}`, label: countryName.get(code) ?? code, href: without("country", code) })),
    ...(filters.verified ? [{ key: "verified", label: t("directory.chips.verified"), href: without("verified") }] : []),
    ...(filters.businessType
      ? [{ key: "business_type", label: t(`trust.businessTypes.${filters.businessType}`), href: without("business_type") }]
      : []),
    ...(filters.category ? [{ key: "category", label: categoryLabel(t, filters.category), href: without("category") }] : []),
    ...(filters.responseRate
      ? [{ key: "response_rate", label: t("directory.chips.responseRate", { rate: filters.responseRate }), href: without("response_rate") }]
      : []),
  ];
  const clearAll = urlWithout(
    location.pathname,
    current,
    ["country", "verified", "business_type", "category", "response_rate"].map((key) => ({ key })),
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("catalog.companies.title")}</h1>
      <p className="mt-1 text-slate-700">{t("catalog.companies.subtitle")}</p>
      {ignored.length > 0 && (
        <div
          role="status"
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="filter-notes"
        >
          <p className="font-semibold">{t("directory.ignored.heading")}</p>
          <ul className="mt-1 list-disc pl-5">
            {ignored.map(({ param, value }, i) => (
              <li key={`${param}-${i}`}>{t(`directory.ignored.${param}`, { value })}</li>
            ))}
          </ul>
        </div>
      )}
      {/* Keyed by the address: after a chip or clear-all link (a client navigation with JavaScript on) the
          boxes show the new filters, not what was ticked before. */}
      <Form
        key={location.search}
        method="get"
        // With JavaScript the address leaves out what filters nothing ('Any', an empty search, best match),
        // so a shared link reads plainly; without it the browser sends every field, which reads the same.
        onSubmit={(event) => {
          event.preventDefault();
          const params = new URLSearchParams();
          for (const [key, value] of new FormData(event.currentTarget))
            if (typeof value === "string" && value !== "" && !(key === "sort" && value === "best")) params.append(key, value);
          submit(params, { method: "get", action: location.pathname });
        }}
        className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]"
        data-testid="directory-filters"
      >
        <aside aria-label={t("directory.filters")} className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-4">
          <fieldset>
            <legend className={legendClass}>{t("directory.country")}</legend>
            {counts.countries.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{t("directory.noCountries")}</p>
            ) : (
              <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto pr-1" data-testid="country-options">
                {counts.countries.map(({ code, label, n }) => (
                  <li key={code}>
                    <label className="flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        name="country"
                        value={code}
                        defaultChecked={filters.countries.includes(code)}
                        className={boxClass}
                      />
                      {option(label, n)}
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          <fieldset>
            <legend className={legendClass}>{t("directory.verification")}</legend>
            <label className="mt-2 flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="verified" value="1" defaultChecked={filters.verified} className={boxClass} />
              {option(t("directory.verified"), counts.verified)}
            </label>
          </fieldset>
          <fieldset>
            <legend className={legendClass}>{t("directory.businessType")}</legend>
            <ul className="mt-2 space-y-1">
              <li>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name="business_type" value="" defaultChecked={!filters.businessType} className={boxClass} />
                  {t("directory.anyBusinessType")}
                </label>
              </li>
              {counts.businessTypes.map(({ kind, n }) => (
                <li key={kind}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="radio"
                      name="business_type"
                      value={kind}
                      defaultChecked={filters.businessType === kind}
                      className={boxClass}
                    />
                    {option(t(`trust.businessTypes.${kind}`), n)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <div>
            <label htmlFor="directory-category" className={legendClass}>
              {t("directory.category")}
            </label>
            <select id="directory-category" name="category" defaultValue={filters.category ?? ""} className={inputClass}>
              <option value="">{t("directory.anyCategory")}</option>
              {counts.categories.map(({ category, n, label }) => (
                <option key={category} value={category}>
                  {option(label, n)}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend className={legendClass}>{t("directory.responseRate")}</legend>
            <ul className="mt-2 space-y-1">
              <li>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="radio" name="response_rate" value="" defaultChecked={!filters.responseRate} className={boxClass} />
                  {t("directory.anyResponseRate")}
                </label>
              </li>
              {counts.responseRates.map(({ rate, n }) => (
                <li key={rate}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="radio"
                      name="response_rate"
                      value={rate}
                      defaultChecked={filters.responseRate === rate}
                      className={boxClass}
                    />
                    {option(t("directory.atLeast", { rate }), n)}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <button
            type="submit"
            className="rounded-md bg-orange-700 px-4 py-2 font-semibold text-white hover:bg-orange-800"
            data-testid="apply-filters"
          >
            {t("directory.apply")}
          </button>
        </aside>
        <div>
          <div role="search" className="flex flex-wrap items-end gap-2">
            <div className="min-w-60 flex-1">
              <label htmlFor="company-search" className="sr-only">
                {t("catalog.companies.searchLabel")}
              </label>
              <input
                id="company-search"
                name="search"
                type="search"
                defaultValue={filters.search}
                maxLength={SEARCH_TERM_MAX_LENGTH}
                placeholder={t("catalog.companies.searchPlaceholder")}
                className={`${inputClass} mt-0`}
              />
            </div>
            <div>
              <label htmlFor="directory-sort" className="sr-only">
                {t("directory.sort")}
              </label>
              <select id="directory-sort" name="sort" defaultValue={filters.sort} className={`${inputClass} mt-0`}>
                {DIRECTORY_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t("directory.sortBy", { sort: t(`directory.sorts.${sort}`) })}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="rounded-md bg-orange-700 px-5 py-2 font-semibold text-white hover:bg-orange-800">
              {t("catalog.companies.search")}
            </button>
          </div>
          <FilterChips
            chips={chips}
            heading={t("directory.activeFilters")}
            clearAll={{ href: clearAll, label: t("directory.clearAll") }}
            removeLabel={(label) => t("directory.remove", { label })}
          />
          <p className="mt-4 text-sm text-slate-700" data-testid="company-count">
            {t("catalog.companies.found", { count: total })}
          </p>
          {companies.length === 0 ? (
            <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
              {t("catalog.companies.empty")}
              {hasDirectoryFilter(filters) && (
                <>
                  {" "}
                  <Link to={clearAll} className="font-semibold text-orange-800 underline">
                    {t("directory.clearAll")}
                  </Link>
                </>
              )}
            </p>
          ) : (
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="company-list">
              {companies.map((company) => (
                <li key={company.id}>
                  <Link
                    to={`/companies/${company.id}`}
                    className="group flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-visible:ring-2 focus-visible:ring-orange-600"
                    data-testid="company-card"
                  >
                    <img
                      src={company.imageUrl ?? "/images/placeholder.svg"}
                      alt=""
                      width={320}
                      height={180}
                      loading="lazy"
                      decoding="async"
                      className="aspect-video w-full bg-slate-100 object-cover"
                    />
                    <div className="flex flex-1 flex-col gap-1 p-4">
                      <h2 className="font-semibold text-slate-900 group-hover:text-orange-800">{company.companyName}</h2>
                      {company.country && (
                        <p className="text-xs font-medium text-slate-600" data-testid="company-country">
                          {company.country}
                        </p>
                      )}
                      <p className="flex flex-wrap gap-1">
                        <VerifiedBadge year={verifiedYear(company)} />
                        <BusinessTypeBadge businessType={company.businessType} />
                      </p>
                      <p className="text-xs text-slate-700">
                        <ResponseRate rate={company.responseRate} minutes={company.responseMinutes} />
                      </p>
                      {company.reviewCount > 0 && (
                        <p className="text-xs font-medium text-slate-800" data-testid="review-summary">
                          {t("reviews.summary", { average: company.reviewAverage, count: company.reviewCount })}
                        </p>
                      )}
                      {company.businessDescription && <p className="line-clamp-3 text-sm text-slate-700">{company.businessDescription}</p>}
                      <p className="mt-auto pt-2 text-sm font-medium text-orange-900">
                        {t("catalog.companies.products", { n: company.productCount })}
                      </p>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Pagination page={page} pages={pages} />
        </div>
      </Form>
    </div>
  );
}
