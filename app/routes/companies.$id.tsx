import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductCard } from "~/components/products/product-card";
import { PRODUCT_GRID } from "~/components/products/product-section";
import { ResponseRate } from "~/components/rfq/request-parts";
import { BusinessTypeBadge, Ratings, VerifiedBadge, verifiedYear } from "~/components/trust/badges";
import { HiddenNotice } from "~/components/trust/hidden-notice";
import { ReportLink } from "~/components/trust/report-link";
import { Pagination } from "~/components/ui/pagination";
import { COMPANY_PRODUCTS_PAGE_SIZE } from "~/lib/constants";
import { countryLabel } from "~/lib/countries";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { formatDate } from "~/lib/format";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { canonicalLink, pageMeta, rootMeta } from "~/lib/meta";
import { canSeeContent } from "~/lib/permissions";
import { pageFrom } from "~/lib/url";
import { companyForViewer, getCompanyPage } from "~/models/catalogs.server";
import { toProductCard } from "~/models/products.server";
import { listCompanyReviews } from "~/models/reviews.server";
import { getActor } from "~/services/auth.server";

// Visitors get this page from the edge cache; members never do.
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (error || !data) return pageMeta(matches, rootMeta(matches)?.notFound);
  const description = data.company.businessDescription?.slice(0, 160) ?? null;
  return [...pageMeta(matches, data.company.companyName, description), ...canonicalLink(data.canonical)];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = pageFrom(url);
  const id = (params.id ?? "").slice(0, 64);
  const [found, actor, locale, reviews] = await Promise.all([
    getCompanyPage(context.db, id, page, COMPANY_PRODUCTS_PAGE_SIZE),
    getActor(request, context),
    i18nServer.getLocale(request),
    listCompanyReviews(context.db, id),
  ]);
  invariantResponse(found && canSeeContent(actor, { hiddenReason: found.company.hiddenReason, authorId: found.company.userId }), 404);
  const { company, listings } = found;
  const canonical = new URL(`/companies/${company.id}`, url.origin);
  if (page > 1) canonical.searchParams.set("page", String(page));
  return {
    company: { ...companyForViewer(actor, company), country: company.country && countryLabel(company.country, locale) },
    signedIn: !!actor.user,
    products: listings.map(toProductCard),
    reviews,
    page,
    pages: Math.max(1, Math.ceil(company.productCount / COMPANY_PRODUCTS_PAGE_SIZE)),
    canonical: canonical.toString(),
  };
}

/** Reviews from buyers whose quotes were accepted: the averages, and the newest with the supplier's replies. */
function CompanyReviews() {
  const { reviews } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const { summary } = reviews;
  return (
    <section className="mt-10" aria-labelledby="company-reviews" data-testid="company-reviews">
      <h2 id="company-reviews" className="text-2xl font-bold">
        {t("reviews.title", { count: summary.count })}
      </h2>
      {summary.count === 0 ? (
        <p className="mt-3 text-slate-700">{t("reviews.none")}</p>
      ) : (
        <>
          <div className="mt-2 text-slate-800" data-testid="review-averages">
            <Ratings
              review={{ described: summary.described ?? 0, communication: summary.communication ?? 0, delivery: summary.delivery ?? 0 }}
            />
          </div>
          <ul className="mt-4 grid gap-3">
            {reviews.reviews.map((review) => (
              <li key={review.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
                <Ratings review={review} />
                <p className="mt-2 whitespace-pre-line text-slate-900">{review.comment}</p>
                <p className="mt-1 text-slate-600" data-testid="review-byline">
                  {review.buyerName ?? "—"}
                  {review.buyerCompany ? ` · ${review.buyerCompany}` : ""} · {formatDate(review.createdAt, i18n.language)}
                  {review.edited ? ` · ${t("reviews.edited")}` : null}
                </p>
                {review.reply && (
                  <p className="mt-2 rounded-md bg-slate-50 p-2 text-slate-800">
                    <span className="font-semibold">{t("reviews.reply")}:</span> {review.reply}
                  </p>
                )}
                <ReportLink type="review" id={review.id} className="mt-1 inline-block" />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** What a buyer can check about the company, each said plainly, true or not. */
function CompanyFacts({ company }: { company: ReturnType<typeof useLoaderData<typeof loader>>["company"] }) {
  const { t, i18n } = useTranslation();
  const { facts } = company;
  const fact = (ok: boolean, yes: string, no: string) => (
    <li className={ok ? "text-green-800" : "text-slate-700"}>
      <span aria-hidden="true">{ok ? "✓ " : "– "}</span>
      {t(ok ? yes : no)}
    </li>
  );
  return (
    <section className="mt-4 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="company-facts" data-testid="company-facts">
      <h2 id="company-facts" className="font-semibold">
        {t("trust.facts.title")}
      </h2>
      <ul className="mt-2 grid gap-1 text-sm">
        {fact(facts.emailVerified, "trust.facts.emailVerified", "trust.facts.emailNotVerified")}
        {fact(facts.domainMatches, "trust.facts.domainMatches", "trust.facts.domainDiffers")}
        {fact(facts.profileComplete, "trust.facts.profileComplete", "trust.facts.profileIncomplete")}
        <li className="text-slate-700">{t("trust.facts.memberSince", { date: formatDate(facts.memberSince, i18n.language) })}</li>
        <li className="text-slate-700">
          <ResponseRate rate={company.responseRate} minutes={company.responseMinutes} />
        </li>
      </ul>
    </section>
  );
}

export default function Company() {
  const { company, signedIn, products, page, pages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label={t("catalog.companies.breadcrumb")} className="text-sm">
        <Link to="/companies" className="font-medium text-orange-800 hover:underline">
          ← {t("catalog.companies.back")}
        </Link>
      </nav>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="company-name">
          <HiddenNotice reason={company.hiddenReason} className="mb-4" />
          <h1 id="company-name" className="text-3xl font-bold text-slate-900">
            {company.companyName}
          </h1>
          {company.country && <p className="mt-1 text-slate-700">{company.country}</p>}
          <p className="mt-2 flex flex-wrap gap-2">
            <VerifiedBadge year={verifiedYear(company)} />
            <BusinessTypeBadge businessType={company.businessType} />
          </p>
          <CompanyFacts company={company} />
          {!company.own && <ReportLink type="company" id={company.id} className="mt-2 inline-block" />}
          {company.businessDescription && (
            <>
              <h2 className="mt-6 text-lg font-semibold">{t("catalog.fields.businessDescription")}</h2>
              <p className="mt-1 whitespace-pre-line text-slate-800">{company.businessDescription}</p>
            </>
          )}
          {company.servicesDescription && (
            <>
              <h2 className="mt-6 text-lg font-semibold">{t("catalog.fields.servicesDescription")}</h2>
              <p className="mt-1 whitespace-pre-line text-slate-800">{company.servicesDescription}</p>
            </>
          )}
        </section>
        <aside className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="company-contact">
          <h2 className="text-lg font-semibold">{t("catalog.companies.contact")}</h2>
          <dl className="mt-3 grid gap-2 text-sm">
            {company.websiteUrl && (
              <div>
                <dt className="font-medium text-slate-800">{t("catalog.fields.websiteUrl")}</dt>
                <dd>
                  <a href={company.websiteUrl} rel="nofollow noopener noreferrer" className="break-all text-orange-800 underline">
                    {company.websiteUrl}
                  </a>
                </dd>
              </div>
            )}
            {"contactEmail" in company && (
              <>
                <div>
                  <dt className="font-medium text-slate-800">{t("catalog.fields.contactEmail")}</dt>
                  <dd>
                    {company.contactEmail ? (
                      <a href={`mailto:${company.contactEmail}`} className="text-orange-800 underline">
                        {company.contactEmail}
                      </a>
                    ) : (
                      "—"
                    )}
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-slate-800">{t("catalog.fields.contactPhone")}</dt>
                  <dd>{company.contactPhone || "—"}</dd>
                </div>
              </>
            )}
          </dl>
          {company.contactHidden && (
            <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
              <p className="font-semibold">{t("catalog.companies.contactHidden")}</p>
              <Link to={signedIn ? "/membership" : "/auth?redirectTo=%2Fcompanies"} className="text-orange-800 underline">
                {t("catalog.companies.upgradeToView")}
              </Link>
            </div>
          )}
        </aside>
      </div>

      <CompanyReviews />

      <section className="mt-10" aria-labelledby="company-products">
        <h2 id="company-products" className="text-2xl font-bold">
          {t("catalog.companies.productsHeading", { n: company.productCount })}
        </h2>
        {products.length === 0 ? (
          <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("catalog.noProducts")}</p>
        ) : (
          <div className={`mt-4 ${PRODUCT_GRID}`} data-testid="company-products">
            {products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        )}
        <Pagination page={page} pages={pages} />
      </section>
    </div>
  );
}
