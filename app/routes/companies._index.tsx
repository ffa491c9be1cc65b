import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ResponseRate } from "~/components/rfq/request-parts";
import { BusinessTypeBadge, VerifiedBadge, verifiedYear } from "~/components/trust/badges";
import { inputClass } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { COMPANIES_PAGE_SIZE, SEARCH_TERM_MAX_LENGTH } from "~/lib/constants";
import { countryLabel } from "~/lib/countries";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { i18nServer } from "~/lib/i18n.server";
import { canonicalLink, pageMeta } from "~/lib/meta";
import { boundedParam, pageFrom } from "~/lib/url";
import { listCompanies } from "~/models/catalogs.server";

// Visitors get this page from the edge cache; members never do.
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, data?.title, data?.description),
  ...canonicalLink(data?.canonical),
];

/** Every catalog is a company buyers can find, by name, a page at a time. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = boundedParam(url, "q", SEARCH_TERM_MAX_LENGTH);
  const page = pageFrom(url);
  const [t, locale, { items, total }] = await Promise.all([
    i18nServer.getFixedT(request),
    i18nServer.getLocale(request),
    listCompanies(context.db, q, page),
  ]);
  const canonical = new URL("/companies", url.origin);
  if (q) canonical.searchParams.set("q", q);
  if (page > 1) canonical.searchParams.set("page", String(page));
  return {
    title: q ? t("catalog.companies.searchTitle", { q }) : t("catalog.companies.title"),
    description: t("catalog.companies.description"),
    canonical: canonical.toString(),
    q,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / COMPANIES_PAGE_SIZE)),
    companies: items.map((company) => ({ ...company, country: company.country && countryLabel(company.country, locale) })),
  };
}

export default function Companies() {
  const { q, total, page, pages, companies } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("catalog.companies.title")}</h1>
      <p className="mt-1 text-slate-700">{t("catalog.companies.subtitle")}</p>
      <Form method="get" role="search" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="company-search" className="sr-only">
          {t("catalog.companies.searchLabel")}
        </label>
        <input
          id="company-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder={t("catalog.companies.searchPlaceholder")}
          className={`${inputClass} mt-0`}
        />
        <button type="submit" className="rounded-md bg-orange-700 px-5 py-2 font-semibold text-white hover:bg-orange-800">
          {t("catalog.companies.search")}
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-700" data-testid="company-count">
        {t("catalog.companies.found", { count: total })}
      </p>
      {companies.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("catalog.companies.empty")}</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="company-list">
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
                  {company.country && <p className="text-xs font-medium text-slate-600">{company.country}</p>}
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
  );
}
