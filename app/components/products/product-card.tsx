import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConvertedPrice } from "~/components/products/converted-price";
import { formatPriceRange } from "~/lib/format";
import { categoryLabel } from "~/lib/i18n";

export interface ProductCardData {
  id: number;
  title: string;
  category: string;
  price: number | null;
  priceMax: number | null;
  currency: string;
  imageUrl: string | null;
  companyName: string | null;
}

export const FALLBACK_PRODUCT_IMAGE = "/images/placeholder.svg";

/**
 * A product's card. Its title is a heading one level below the section it sits in: h3 under a
 * home section's h2, h2 on a page whose grid follows the h1 directly (headings never skip a level).
 */
export function ProductCard({ product, headingLevel = 3 }: { product: ProductCardData; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Link
      to={`/product/${product.id}`}
      className="group flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-visible:ring-2 focus-visible:ring-orange-600"
    >
      <img
        src={product.imageUrl || FALLBACK_PRODUCT_IMAGE}
        alt={product.imageUrl ? product.title : t("products.noImage")}
        width={320}
        height={240}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading className="line-clamp-2 text-sm font-semibold text-slate-900 group-hover:text-orange-800">{product.title}</Heading>
        <p className="text-xs text-slate-600">{categoryLabel(t, product.category)}</p>
        <p className="mt-auto text-sm font-bold text-orange-800">
          {formatPriceRange(product.price, product.priceMax, product.currency, i18n.language) ?? t("products.priceOnRequest")}
          <ConvertedPrice
            amount={product.price}
            amountMax={product.priceMax}
            currency={product.currency}
            className="block text-xs font-normal text-slate-600"
          />
        </p>
        {product.companyName && <p className="truncate text-xs text-slate-600">{product.companyName}</p>}
      </div>
    </Link>
  );
}
