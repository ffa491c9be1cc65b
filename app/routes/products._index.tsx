import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductCard } from "~/components/products/product-card";
import { PRODUCT_GRID, SkeletonGrid } from "~/components/products/product-section";
import { Pagination } from "~/components/ui/pagination";
import { pageFrom } from "~/lib/url";
import { PRODUCTS_PAGE_SIZE, SEARCH_COUNT_CAP, SEARCH_TERM_MAX_LENGTH, SKELETON_CARDS } from "~/lib/constants";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { listProducts, toProductCard } from "~/models/products.server";
import { publicPageHeaders } from "~/lib/edge-cache.server";

/** Visitors may get this page from the edge cache (members never do). */
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.heading);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const search = url.searchParams.get("search")?.trim().slice(0, SEARCH_TERM_MAX_LENGTH) || null;
  const category = url.searchParams.get("category")?.trim().slice(0, SEARCH_TERM_MAX_LENGTH) || null;
  const page = pageFrom(url);
  const [t, { items, total }] = await Promise.all([
    i18nServer.getFixedT(request),
    listProducts(context.db, { search, category, page }),
  ]);
  const heading = search
    ? t("products.searchResults", { search })
    : category
      ? t("products.categoryProducts", { category })
      : t("products.allProducts");
  return json({ heading, page, pages: Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE)), items: items.map(toProductCard), total });
}

export default function Products() {
  const { heading, items, total, page, pages } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/products";
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="mt-1 text-slate-700" data-testid="found-count">
        {total > SEARCH_COUNT_CAP ? t("products.foundMany", { count: SEARCH_COUNT_CAP }) : t("products.found", { count: total })}
      </p>
      {loading ? (
        <div className="mt-6">
          <SkeletonGrid count={SKELETON_CARDS} />
        </div>
      ) : items.length === 0 ? (
        <p className="mt-10 text-center text-slate-700">{t("products.empty")}</p>
      ) : (
        <>
          <div className={`mt-6 ${PRODUCT_GRID}`} data-testid="product-grid">
            {items.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
          <Pagination page={page} pages={pages} />
        </>
      )}
    </div>
  );
}
