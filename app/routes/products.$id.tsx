import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, useFetcher, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListingPrice, parseQuantity, PriceTiers, ProductImages, Specifications, TradeTerms } from "~/components/catalog/product-details";
import { productEditAction } from "~/components/catalog/product-form";
import { JsonLd } from "~/components/json-ld";
import { BelowMinimumMessage, belowMinimumAnswer, useQuantityText } from "~/components/minimum-order";
import { ConvertedPrice, RatesNote } from "~/components/products/converted-price";
import { FALLBACK_PRODUCT_IMAGE } from "~/components/products/product-card";
import { ResponseRate } from "~/components/rfq/request-parts";
import { BusinessTypeBadge, VerifiedBadge, verifiedYear } from "~/components/trust/badges";
import { HiddenNotice } from "~/components/trust/hidden-notice";
import { ReportLink } from "~/components/trust/report-link";
import { CART_MAX_QUANTITY } from "~/lib/constants";
import { countryLabel } from "~/lib/countries";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { formatDate } from "~/lib/format";
import { invariantResponse } from "~/lib/http";
import { categoryLabel } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { canonicalLink, pageMeta, rootMeta, socialMeta } from "~/lib/meta";
import type { MinimumOrder } from "~/lib/order-quantity";
import { canSeeContent, isOwner } from "~/lib/permissions";
import type { PriceTier } from "~/lib/trade-terms";
import { getProductForPage, parseProductId } from "~/models/products.server";
import { getActor } from "~/services/auth.server";

/** Visitors may get this page from the edge cache (members never do). */
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (error || !data) return pageMeta(matches, rootMeta(matches)?.productNotFound);
  return [
    ...pageMeta(matches, data.product.title, data.product.description),
    ...socialMeta(matches, data.product.title, data.canonical, data.imageUrl),
    ...canonicalLink(data.canonical),
  ];
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = parseProductId(params.id);
  const [listing, actor, locale] = await Promise.all([
    id === null ? null : context.contentVersion().then((version) => getProductForPage(context.db, id, version)),
    getActor(request, context),
    i18nServer.getLocale(request),
  ]);
  invariantResponse(
    listing && canSeeContent(actor, { hiddenReason: listing.product.hiddenReason, authorId: listing.company.ownerId }),
    404,
  );
  const { product, company } = listing;
  const url = new URL(request.url);
  const origin = url.origin;
  return {
    product,
    // The quantity the buyer typed in the tier table's form: its tier is marked.
    quantity: parseQuantity(url.searchParams.get("quantity")),
    country: product.country && countryLabel(product.country, locale),
    company: {
      id: company.id,
      name: company.name,
      responseRate: company.responseRate,
      responseMinutes: company.responseMinutes,
      businessType: company.businessType,
      verifiedYear: verifiedYear(company),
    },
    // The supplier sees their own listing, to edit; everyone else, its actions.
    own: isOwner(actor, company.ownerId),
    canonical: `${origin}/product/${product.id}`,
    imageUrl: `${origin}${product.imageUrl ?? FALLBACK_PRODUCT_IMAGE}`,
  };
}

export default function ProductDetail() {
  const { product, quantity, country, company, own, canonical, imageUrl } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const companyPath = `/companies/${encodeURIComponent(company.id)}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ProductJsonLd product={product} url={canonical} image={imageUrl} />
      <nav aria-label={t("product.breadcrumb")} className="text-sm">
        <Link to="/products" className="font-medium text-orange-800 hover:underline">
          ← {t("product.backToProducts")}
        </Link>
      </nav>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <div>
          <img
            src={product.imageUrl || FALLBACK_PRODUCT_IMAGE}
            alt={product.imageUrl ? product.title : t("products.noImage")}
            width={640}
            height={480}
            className="aspect-[4/3] w-full rounded-lg border border-slate-200 bg-slate-100 object-cover"
          />
          {product.imageUrls.length > 1 && <ProductImages urls={product.imageUrls} name={product.title} />}
        </div>
        <div>
          <Link
            to={`/products?category=${encodeURIComponent(product.category)}`}
            className="inline-block rounded-full bg-orange-100 px-3 py-1 text-xs font-semibold text-orange-900 hover:bg-orange-200"
          >
            {categoryLabel(t, product.category)}
          </Link>
          <HiddenNotice reason={product.hiddenReason} className="mt-3" />
          <h1 className="mt-3 text-3xl font-bold text-slate-900">{product.title}</h1>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
            <dt className="font-medium">{t("product.country")}</dt>
            <dd data-testid="product-country">{country ?? t("product.global")}</dd>
          </dl>
          <p className="mt-1 text-sm text-slate-700">{t("product.listedOn", { date: formatDate(product.createdAt, i18n.language) })}</p>
          {product.price != null && (
            <div className="mt-6 rounded-lg border border-orange-200 bg-orange-50 p-4" data-testid="price-block">
              <p className="text-sm text-slate-700">{t("product.pricePerUnit")}</p>
              <p className="text-3xl font-bold text-orange-900">
                <ListingPrice product={product} />
              </p>
              <ConvertedPrice
                amount={product.price}
                amountMax={product.priceMax}
                currency={product.currency}
                className="block text-lg text-slate-700"
              />
              <RatesNote currencies={[product.currency]} />
              <PriceTiers
                key={product.id}
                tiers={product.priceTiers}
                unit={product.unit}
                currency={product.currency}
                moq={product.moq}
                quantity={quantity}
              />
            </div>
          )}
          {own ? (
            <div
              className="mt-6 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
              data-testid="own-listing"
            >
              <p className="font-semibold text-slate-800">{t("product.yourListing")}</p>
              <Link
                to={productEditAction(product.id)}
                className="rounded-md bg-orange-700 px-4 py-2 font-semibold text-white hover:bg-orange-800"
              >
                {t("catalog.product.edit")}
              </Link>
            </div>
          ) : (
            <ProductActions productId={product.id} moq={Math.max(1, product.moq)} unit={product.unit} />
          )}
          {product.description && (
            <section className="mt-6" aria-labelledby="product-description">
              <h2 id="product-description" className="text-lg font-semibold">
                {t("product.description")}
              </h2>
              <p className="mt-2 whitespace-pre-line text-slate-800">{product.description}</p>
            </section>
          )}
          <TradeTerms product={product} />
          <Specifications specifications={product.specifications} />
        </div>
      </div>
      <section
        className="mt-10 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        aria-labelledby="company-card"
        data-testid="company-card"
      >
        <p className="text-sm text-slate-600">{t("product.supplier")}</p>
        <h2 id="company-card" className="text-xl font-bold">
          <Link to={companyPath} className="hover:text-orange-800 hover:underline">
            {company.name}
          </Link>
        </h2>
        <p className="mt-3 flex flex-wrap gap-2">
          <VerifiedBadge year={company.verifiedYear} />
          <BusinessTypeBadge businessType={company.businessType} />
        </p>
        <ul className="mt-4 grid gap-1 text-sm text-slate-700">
          <li>{t("product.contactViaPlatform")}</li>
          <li>{t("product.requestPhone")}</li>
          <li>
            {t("product.country")}: {country ?? t("product.global")}
          </li>
          <li>
            <ResponseRate rate={company.responseRate} minutes={company.responseMinutes} />
          </li>
        </ul>
        <Link
          to={companyPath}
          className="mt-5 inline-block rounded-md border border-orange-700 px-4 py-2 font-semibold text-orange-800 hover:bg-orange-50"
        >
          {t("product.viewMoreFrom", { company: company.name })}
        </Link>
        {!own && <ReportLink type="product" id={product.id} className="ml-4" />}
      </section>
    </div>
  );
}

function ProductActions({ productId, moq, unit }: { productId: number } & MinimumOrder) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const quantityText = useQuantityText();
  const adding = fetcher.state !== "idle";
  const refused = belowMinimumAnswer(fetcher.data, { productId });
  const secondary = "rounded-md border border-orange-700 px-4 py-2.5 font-semibold text-orange-800 hover:bg-orange-50";
  return (
    <div className="mt-6 flex flex-wrap items-end gap-3">
      {/* The quantity starts at the minimum order, which is also the least the browser and the cart accept. */}
      <fetcher.Form method="post" action="/cart" preventScrollReset className="flex flex-wrap items-end gap-3" data-testid="add-to-cart">
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="redirectTo" value={location.pathname} />
        <div>
          <label htmlFor="add-quantity" className="block text-sm font-medium text-slate-800">
            {t("moq.quantity")}
          </label>
          <input
            id="add-quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={moq}
            max={CART_MAX_QUANTITY}
            step={1}
            required
            defaultValue={moq}
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? "add-quantity-hint add-quantity-error" : "add-quantity-hint"}
            className="mt-1 h-11 w-32 rounded-md border border-slate-300 px-3"
          />
        </div>
        <button
          name="intent"
          value="add"
          disabled={adding}
          className="rounded-md bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800 disabled:opacity-70"
        >
          {adding ? t("cart.adding") : t("cart.addToCart")}
        </button>
        <p id="add-quantity-hint" className="basis-full text-sm text-slate-600" data-testid="add-minimum">
          {t("moq.minimumOrder", { quantity: quantityText(moq, unit) })}
        </p>
        {refused && <BelowMinimumMessage id="add-quantity-error" moq={refused.moq} unit={refused.unit} />}
      </fetcher.Form>
      <Link to={`/request-quote/${productId}?type=contact_supplier`} className={secondary}>
        {t("rfq.contactSupplier")}
      </Link>
      <Link to={`/request-quote/${productId}?type=request_quote`} className={secondary}>
        {t("rfq.requestQuote")}
      </Link>
    </div>
  );
}

/**
 * The listing as schema.org reads it: one Offer per price tier, each with its unit price
 * (UnitPriceSpecification, per one unit) and the quantities it applies to (eligibleQuantity).
 */
function ProductJsonLd({
  product,
  url,
  image,
}: {
  product: {
    title: string;
    description: string | null;
    category: string;
    currency: string;
    unit: string;
    priceTiers: PriceTier[];
    companyName: string | null;
  };
  url: string;
  image: string;
}) {
  const { t } = useTranslation();
  const unitText = t(`terms.units.${product.unit}`);
  const tiers = product.priceTiers;
  const offers = tiers.map((tier, i) => {
    const eligibleQuantity = {
      "@type": "QuantitativeValue",
      minValue: tier.from,
      ...(tiers[i + 1] ? { maxValue: tiers[i + 1].from - 1 } : {}),
      unitText,
    };
    return {
      "@type": "Offer",
      price: tier.price,
      priceCurrency: product.currency,
      url,
      availability: "https://schema.org/InStock",
      eligibleQuantity,
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: tier.price,
        priceCurrency: product.currency,
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitText },
        eligibleQuantity,
      },
    };
  });
  return (
    <JsonLd
      data={{
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.title,
        description: product.description ?? undefined,
        category: product.category,
        image,
        url,
        ...(product.companyName ? { brand: { "@type": "Organization", name: product.companyName } } : {}),
        ...(offers.length ? { offers: offers.length === 1 ? offers[0] : offers } : {}),
      }}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="product-not-found">
      <h1 className="text-2xl font-bold">{t("product.notFoundTitle")}</h1>
      <p className="mt-3 text-slate-700">{t("product.notFoundText")}</p>
      <Link to="/products" className="mt-6 inline-block rounded-md bg-orange-700 px-5 py-2.5 font-medium text-white hover:bg-orange-800">
        {t("product.backToProducts")}
      </Link>
    </section>
  );
}
