import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuantityText } from "~/components/minimum-order";
import { inputClass } from "~/components/ui/form";
import { TRADE_QUANTITY_MAX, type PaymentTerm } from "~/lib/constants";
import { formatNumber, formatPrice, formatPriceRange } from "~/lib/format";
import { categoryLabel } from "~/lib/i18n";
import { specificationRows } from "~/lib/specifications";
import { tierIndexFor, type PriceTier } from "~/lib/trade-terms";

/** A quantity typed in the tier table's form (?quantity=1200): a whole number of the unit, or null. */
export function parseQuantity(value: string | null) {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return null;
  const quantity = Number(value.trim());
  return quantity >= 1 && quantity <= TRADE_QUANTITY_MAX ? quantity : null;
}

/** Specification rows as a reader wants them: a table of name and value. */
export function Specifications({ specifications }: { specifications: unknown }) {
  const { t } = useTranslation();
  const rows = specificationRows(specifications);
  if (rows.length === 0) return null;
  return (
    <div className="mt-3" data-testid="specifications">
      <h4 className="text-sm font-semibold text-slate-800">{t("catalog.product.specifications")}</h4>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(({ name, value }, i) => (
          <div key={i} className="contents">
            <dt className="font-medium text-slate-800">{name}</dt>
            <dd className="break-words text-slate-700">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A product's images as thumbnails that open the full image. */
export function ProductImages({ urls, name }: { urls: string[]; name: string }) {
  const { t } = useTranslation();
  if (!urls.length) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("catalog.product.images")}>
      {urls.map((url, i) => (
        <li key={url}>
          <a href={url} className="block rounded-md focus-visible:ring-2 focus-visible:ring-orange-600">
            <img
              src={url}
              alt={t("catalog.product.imageAlt", { name, number: i + 1 })}
              width={112}
              height={84}
              loading="lazy"
              decoding="async"
              className="h-21 w-28 rounded-md border border-slate-200 bg-slate-100 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

interface PricedListing {
  price: number | null;
  priceMax: number | null;
  currency: string;
  unit: string;
}

/**
 * A listing's unit price (or range) per unit, 'US$3.50 – US$4.20 / piece', or null: price on
 * request. The one place a listing's price is written, so a conversion beside it goes here.
 */
export function ListingPrice({ product }: { product: PricedListing }) {
  const { t, i18n } = useTranslation();
  const price = formatPriceRange(product.price, product.priceMax, product.currency, i18n.language);
  if (price === null) return null;
  return <span data-testid="listing-price">{t("terms.pricePerUnit", { price, unit: t(`terms.units.${product.unit}`) })}</span>;
}

/** Category, price (or range, or 'Price on request') and the minimum order with its unit. */
export function ProductFacts({ product }: { product: PricedListing & { category: string; moq: number } }) {
  const { t } = useTranslation();
  const quantity = useQuantityText();
  const facts = [
    [t("catalog.product.category"), categoryLabel(t, product.category)],
    [t("catalog.product.price"), product.price === null ? t("products.priceOnRequest") : <ListingPrice product={product} />],
    [t("terms.moq"), quantity(product.moq, product.unit)],
  ] as const;
  return (
    <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt className="inline font-medium">{label}: </dt>
          <dd className="inline">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The price tiers as a table, '500 – 999 pieces · US$4.20', '≥ 5,000 pieces · US$3.50', with the
 * tier for the buyer's quantity marked. The quantity is a small GET form (?quantity=1200: the
 * server marks the tier); with JavaScript the mark follows the typing.
 */
export function PriceTiers({
  tiers,
  unit,
  currency,
  moq,
  quantity: sentQuantity,
}: {
  tiers: PriceTier[];
  unit: string;
  currency: string;
  moq: number;
  quantity: number | null;
}) {
  const { t, i18n } = useTranslation();
  const quantityLabel = useQuantityText();
  const [typed, setTyped] = useState(sentQuantity === null ? "" : String(sentQuantity));
  if (tiers.length === 0) return null;
  const quantity = parseQuantity(typed);
  const current = quantity === null ? -1 : tierIndexFor(tiers, quantity);
  const locale = i18n.language;
  const range = (i: number) => {
    const from = tiers[i].from;
    const next = tiers[i + 1]?.from;
    if (next === undefined) return t("terms.atLeast", { quantity: quantityLabel(from, unit) });
    if (next - 1 === from) return quantityLabel(from, unit);
    return t("terms.range", { from: formatNumber(from, locale), to: quantityLabel(next - 1, unit) });
  };
  return (
    <section className="mt-4" aria-labelledby="price-tiers" data-testid="price-tiers">
      <h2 id="price-tiers" className="text-sm font-semibold text-slate-800">
        {t("terms.tierTable")}
      </h2>
      <table className="mt-1 w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t("terms.tierQuantity")}</th>
            <th scope="col">{t("terms.tierUnitPrice")}</th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier, i) => (
            <tr
              key={tier.from}
              aria-current={i === current ? "true" : undefined}
              data-testid={i === current ? "tier-current" : "tier"}
              className={
                i === current
                  ? "bg-orange-100 font-semibold text-orange-950 outline outline-2 outline-orange-600"
                  : "border-b border-slate-200 text-slate-800"
              }
            >
              <td className="px-2 py-1.5">{range(i)}</td>
              <td className="px-2 py-1.5 text-right">{formatPrice(tier.price, currency, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="get" preventScrollReset replace className="mt-3 flex flex-wrap items-end gap-2" data-testid="tier-quantity-form">
        <div>
          <label htmlFor="tier-quantity" className="block text-sm font-medium text-slate-800">
            {t("terms.yourQuantity", { unit: t(`terms.units.${unit}`) })}
          </label>
          <input
            id="tier-quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={TRADE_QUANTITY_MAX}
            step={1}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            className={`${inputClass} w-40`}
          />
        </div>
        <button
          type="submit"
          className="rounded-md border border-orange-700 px-3 py-2 text-sm font-semibold text-orange-800 hover:bg-orange-50"
        >
          {t("terms.showPrice")}
        </button>
      </Form>
      <p className="mt-2 text-sm text-slate-800" aria-live="polite" data-testid="tier-answer">
        {quantity === null
          ? null
          : current === -1
            ? t("terms.belowMoq", { quantity: quantityLabel(moq, unit) })
            : t("terms.tierAnswer", {
                quantity: quantityLabel(quantity, unit),
                price: formatPrice(tiers[current].price, currency, locale),
                total: formatPrice(tiers[current].price * quantity, currency, locale),
              })}
      </p>
    </section>
  );
}

interface TermsOfListing {
  unit: string;
  moq: number;
  currency: string;
  leadTimeMin: number | null;
  leadTimeMax: number | null;
  samples: boolean;
  samplePrice: number | null;
  supplyPerMonth: number | null;
  portOfLoading: string | null;
  paymentTerms: PaymentTerm[];
  incoterms: string[];
  tradeNotes: string | null;
}

/** The listing's other terms, each where given: MOQ, lead time, samples, supply, port, payment terms, Incoterms, notes. */
export function TradeTerms({ product }: { product: TermsOfListing }) {
  const { t, i18n } = useTranslation();
  const quantity = useQuantityText();
  const { leadTimeMin: min, leadTimeMax: max } = product;
  const terms: (readonly [string, string, string])[] = [
    ["moq", t("terms.moq"), quantity(product.moq, product.unit)] as const,
    ...(min === null
      ? []
      : ([
          ["lead-time", t("terms.leadTime"), max === null ? t("terms.days", { count: min }) : t("terms.daysRange", { min, max })],
        ] as const)),
    [
      "samples" as const,
      t("terms.samples"),
      !product.samples
        ? t("terms.samplesNone")
        : product.samplePrice === null
          ? t("terms.samplesFree")
          : t("terms.samplesPrice", { price: formatPrice(product.samplePrice, product.currency, i18n.language) }),
    ],
    ...(product.supplyPerMonth === null
      ? []
      : ([
          ["supply", t("terms.supplyAbility"), t("terms.perMonth", { quantity: quantity(product.supplyPerMonth, product.unit) })],
        ] as const)),
    ...(product.portOfLoading ? ([["port", t("terms.portOfLoading"), product.portOfLoading]] as const) : []),
    ...(product.paymentTerms.length
      ? ([["payment", t("terms.paymentTerms"), product.paymentTerms.map((term) => t(`terms.payment.${term}`)).join(", ")]] as const)
      : []),
    ...(product.incoterms.length ? ([["incoterms", t("terms.incoterms"), product.incoterms.join(", ")]] as const) : []),
  ];
  return (
    <section className="mt-6" aria-labelledby="trade-terms" data-testid="trade-terms">
      <h2 id="trade-terms" className="text-lg font-semibold">
        {t("terms.title")}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
        {terms.map(([key, label, value]) => (
          <div key={key} className="contents" data-testid={`term-${key}`}>
            <dt className="font-medium text-slate-800">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {product.tradeNotes && (
        <div className="mt-3" data-testid="trade-notes">
          <h3 className="text-sm font-semibold text-slate-800">{t("terms.notes")}</h3>
          <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{product.tradeNotes}</p>
        </div>
      )}
    </section>
  );
}
