import { useTranslation } from "react-i18next";
import { formatPriceRange } from "~/lib/format";
import { categoryLabel } from "~/lib/i18n";
import { isPlainNotes, specificationEntries } from "~/lib/specifications";

/** Specifications as a reader wants them: plain notes as text, a JSON object as a table. */
export function Specifications({ specifications }: { specifications: Record<string, unknown> | null | undefined }) {
  const { t } = useTranslation();
  if (!specifications || Object.keys(specifications).length === 0) return null;
  return (
    <div className="mt-3" data-testid="specifications">
      <h4 className="text-sm font-semibold text-slate-800">{t("catalog.product.specifications")}</h4>
      {isPlainNotes(specifications) ? (
        <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{String(specifications.notes)}</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {specificationEntries(specifications).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-medium text-slate-800">{key}</dt>
              <dd className="break-words text-slate-700">{value}</dd>
            </div>
          ))}
        </dl>
      )}
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

/** Category, price (or range, or 'Price on request') and minimum order, where given. */
export function ProductFacts({
  product,
}: {
  product: { category: string; price: number | null; priceMax: number | null; currency: string; minimumOrder: string | null };
}) {
  const { t, i18n } = useTranslation();
  const facts = [
    [t("catalog.product.category"), categoryLabel(t, product.category)],
    [
      t("catalog.product.price"),
      formatPriceRange(product.price, product.priceMax, product.currency, i18n.language) ?? t("products.priceOnRequest"),
    ],
    [t("catalog.product.minimumOrder"), product.minimumOrder],
  ].filter((fact): fact is [string, string] => !!fact[1]);
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
