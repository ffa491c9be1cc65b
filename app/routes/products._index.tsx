import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterChips } from "~/components/filters/filter-chips";
import { ProductCard } from "~/components/products/product-card";
import { PRODUCT_GRID, SkeletonGrid } from "~/components/products/product-section";
import { SearchFilters } from "~/components/products/search-filters";
import { SubmitButton } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import {
  BUSINESS_KINDS,
  CATEGORY_FILTER_MAX_LENGTH,
  COUNTRY_FILTER_MAX,
  FACET_COUNT_CAP,
  PRODUCT_SORTS,
  PRODUCTS_PAGE_SIZE,
  RESPONSE_RATE_STEPS,
  SEARCH_COUNT_CAP,
  SEARCH_TERM_MAX_LENGTH,
  SKELETON_CARDS,
  type LanguageCode,
} from "~/lib/constants";
import { countryLabel, storedCountryNames } from "~/lib/countries";
import { displayCurrency } from "~/lib/display-currency.server";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { compareText, formatNumber, formatPrice } from "~/lib/format";
import { categoryLabel } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { activeFilters, filtersQuery, parseProductFilters, withoutFilters } from "~/lib/product-filters";
import { boundedParam, pageCount, pageFrom, urlWithout, withSearchParam } from "~/lib/url";
import { listProducts, toProductCard } from "~/models/products.server";

/** Visitors may get this page from the edge cache (members never do). */
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.heading);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Bounded reads: a longer category than any name is kept one character too long, so the
  // model finds nothing for it instead of passing it on.
  const search = boundedParam(url, "search", SEARCH_TERM_MAX_LENGTH) || null;
  const category = boundedParam(url, "category", CATEGORY_FILTER_MAX_LENGTH + 1) || null;
  const [t, locale] = await Promise.all([i18nServer.getFixedT(request), i18nServer.getLocale(request)]);
  const currency = displayCurrency(request, locale as LanguageCode);
  const { filters, sort, notes } = parseProductFilters(url.searchParams, currency, Boolean(search));
  const { items, total, page, pageCap, facets } = await listProducts(context.db, {
    search,
    category,
    filters,
    sort,
    facets: true,
    page: pageFrom(url, Number.MAX_SAFE_INTEGER),
    contentVersion: context.contentVersion,
  });
  const heading = search
    ? t("products.searchResults", { search })
    : category
      ? t("products.categoryProducts", { category: categoryLabel(t, category) })
      : t("products.allProducts");
  const { pages, capped } = pageCount(total, PRODUCTS_PAGE_SIZE, pageCap);

  // Every label and count in the reader's language, worked out here so the browser shows the server's words.
  const count = (n: number) => (n > FACET_COUNT_CAP ? `${formatNumber(FACET_COUNT_CAP, locale)}+` : formatNumber(n, locale));
  const countryName = (code: string) => countryLabel(storedCountryNames(code)[0] ?? code, locale);
  const compare = compareText(locale);
  const counted = new Map((facets?.countries ?? []).map((c) => [c.code, c.count]));
  for (const code of filters.countries) if (!counted.has(code)) counted.set(code, 0);
  const countries = [...counted]
    .map(([code, n]) => ({ value: code, label: countryName(code), count: count(n), checked: filters.countries.includes(code), n }))
    .sort((a, b) => Number(b.checked) - Number(a.checked) || b.n - a.n || compare(a.label, b.label))
    .map(({ n: _n, ...option }) => option);

  const chipValue = (param: string, value: string) => {
    if (param === "country") return countryName(value);
    if (param === "business_type") return t(`trust.businessTypes.${value}`);
    if (param === "price_min" || param === "price_max") {
      return formatPrice(Number(value), filters.currency, locale);
    }
    return formatNumber(Number(value), locale);
  };
  const chipLabel = (param: string, value: string) =>
    param === "country" || param === "business_type"
      ? chipValue(param, value)
      : t(`filters.chips.${param}`, { value: chipValue(param, value) });
  const chips = [
    ...(category
      ? [
          {
            label: t("filters.chips.category", { value: categoryLabel(t, category) }),
            href: urlWithout("/products", url.searchParams, [{ key: "category" }]),
          },
        ]
      : []),
    ...activeFilters(filters).map(([param, value]) => ({
      label: chipLabel(param, value),
      href: urlWithout("/products", url.searchParams, [{ key: param, value: param === "country" ? value : undefined }]),
    })),
  ];
  return {
    heading,
    page,
    pages,
    capped,
    items: items.map(toProductCard),
    total,
    search,
    category,
    sort,
    currency: filters.currency,
    /** The URL's own currency, sent again with the form so its prices are read in it. */
    urlCurrency: url.searchParams.get("currency") === filters.currency ? filters.currency : null,
    values: {
      priceMin: filters.priceMin,
      priceMax: filters.priceMax,
      moqMax: filters.moqMax,
      leadTimeMax: filters.leadTimeMax,
      verified: filters.verified,
      samples: filters.samples,
      businessType: filters.businessType,
      responseRate: filters.responseRate,
    },
    sorts: PRODUCT_SORTS.filter((s) => s !== "best" || search),
    options: {
      countries,
      verified: count(facets?.verified ?? 0),
      samples: count(facets?.samples ?? 0),
      businessTypes: BUSINESS_KINDS.map((kind) => ({
        value: kind,
        label: t(`trust.businessTypes.${kind}`),
        count: count(facets?.businessTypes[kind] ?? 0),
      })),
      responseRates: RESPONSE_RATE_STEPS.map((step) => ({ value: step, count: count(facets?.responseRates[step] ?? 0) })),
    },
    chips,
    clearAll: chips.length ? withoutFilters("/products", url.searchParams) : null,
    notes: notes.map((n) =>
      t(`filters.ignored.${n.reason}`, { param: t(`filters.params.${n.param}`), value: n.value, max: COUNTRY_FILTER_MAX }),
    ),
    saved: { search, category, filters: filtersQuery(filters) },
  };
}

export default function Products() {
  const data = useLoaderData<typeof loader>();
  const { heading, items, total, page, pages, capped, saved, chips, clearAll, notes } = data;
  const { t } = useTranslation();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/products";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{heading}</h1>
          <p className="mt-1 text-slate-700" data-testid="found-count">
            {total > SEARCH_COUNT_CAP ? t("products.foundMany", { count: SEARCH_COUNT_CAP }) : t("products.found", { count: total })}
          </p>
        </div>
        {(saved.search || saved.category || saved.filters) && (
          // A trade alert: what is new in this search, by e-mail once a day (visitors sign in first).
          <Form method="post" action="/alerts">
            <input type="hidden" name="scope" value="products" />
            {saved.search && <input type="hidden" name="search" value={saved.search} />}
            {saved.category && <input type="hidden" name="category" value={saved.category} />}
            {saved.filters && <input type="hidden" name="filters" value={saved.filters} />}
            <SubmitButton intent="save" label={t("alerts.saveSearch")} pendingLabel={t("auth.pleaseWait")} className="px-4" />
          </Form>
        )}
      </div>
      {notes.length > 0 && (
        <ul
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-testid="filter-notes"
          role="status"
        >
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      {clearAll && (
        <FilterChips
          chips={chips.map((chip) => ({ key: chip.href, ...chip }))}
          heading={t("filters.active")}
          clearAll={{ href: clearAll, label: t("filters.clearAll") }}
          removeLabel={(label) => t("filters.remove", { filter: label })}
        />
      )}
      <div className="mt-6 grid gap-8 lg:grid-cols-[16rem_1fr]">
        {/* Keyed by the address: a chip or a link changes the filters, and the form shows them afresh. */}
        <SearchFilters key={location.search} data={data} />
        <div>
          {loading ? (
            <SkeletonGrid count={SKELETON_CARDS} />
          ) : items.length === 0 && total > 0 ? (
            // A page past the last one (an old link, a typed number): say which pages there are.
            <p className="mt-10 text-center text-slate-700" data-testid="past-last-page">
              {t("products.pastLastPage", { count: pages })}{" "}
              <Link
                to={withSearchParam(location.pathname, location.search, "page", String(pages))}
                className="font-semibold text-orange-800 underline"
              >
                {t("products.goToLastPage", { page: pages })}
              </Link>
            </p>
          ) : items.length === 0 ? (
            <p className="mt-10 text-center text-slate-700">{t("products.empty")}</p>
          ) : (
            <>
              <div className={PRODUCT_GRID} data-testid="product-grid">
                {items.map((product) => (
                  <ProductCard key={product.id} product={product} headingLevel={2} />
                ))}
              </div>
              <Pagination page={page} pages={pages} capped={capped} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
