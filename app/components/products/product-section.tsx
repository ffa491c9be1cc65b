import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductCard, type ProductCardData } from "~/components/products/product-card";

export const PRODUCT_GRID = "grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6";

function ProductSkeleton() {
  return (
    <div
      className="skeleton animate-pulse overflow-hidden rounded-lg border border-slate-200 bg-white"
      aria-hidden="true"
      data-testid="product-skeleton"
    >
      <div className="aspect-[4/3] bg-slate-200" />
      <div className="space-y-2 p-3">
        <div className="h-4 rounded bg-slate-200" />
        <div className="h-3 w-1/2 rounded bg-slate-200" />
        <div className="h-4 w-1/3 rounded bg-slate-200" />
      </div>
    </div>
  );
}

export function SkeletonGrid({ count, className = PRODUCT_GRID }: { count: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className} role="status" aria-label={t("home.loadingSection")}>
      {Array.from({ length: count }, (_, i) => (
        <ProductSkeleton key={i} />
      ))}
    </div>
  );
}

export function ProductSection({
  id,
  title,
  products,
  viewAll,
  className = PRODUCT_GRID,
}: {
  id: string;
  title: string;
  products: ProductCardData[];
  viewAll?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={id} className="mt-12">
      <div className="mb-4 flex items-baseline justify-between">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {viewAll && (
          <Link to={viewAll} className="text-sm font-medium text-orange-800 hover:underline">
            {t("home.viewAll")}
          </Link>
        )}
      </div>
      <div className={className}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </div>
    </section>
  );
}
