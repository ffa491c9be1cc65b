import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductCard } from "~/components/products/product-card";
import { PRODUCT_GRID, SkeletonGrid } from "~/components/products/product-section";
import { SubmitButton } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { CATEGORY_FILTER_MAX_LENGTH, PRODUCTS_PAGE_SIZE, SEARCH_COUNT_CAP, SEARCH_TERM_MAX_LENGTH, SKELETON_CARDS } from "~/lib/constants";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { categoryLabel } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { boundedParam, pageCount, pageFrom, withSearchParam } from "~/lib/url";
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
  const [t, { items, total, page, pageCap }] = await Promise.all([
    i18nServer.getFixedT(request),
    listProducts(context.db, { search, category, page: pageFrom(url, Number.MAX_SAFE_INTEGER), contentVersion: context.contentVersion }),
  ]);
  const heading = search
    ? t("products.searchResults", { search })
    : category
      ? t("products.categoryProducts", { category: categoryLabel(t, category) })
      : t("products.allProducts");
  const { pages, capped } = pageCount(total, PRODUCTS_PAGE_SIZE, pageCap);
  return { heading, page, pages, capped, items: items.map(toProductCard), total, saved: { search, category } };
}

export default function Products() {
  const { heading, items, total, page, pages, capped, saved } = useLoaderData<typeof loader>();
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
        {(saved.search || saved.category) && (
          // A trade alert: what is new in this search, by e-mail once a day (visitors sign in first).
          <Form method="post" action="/alerts">
            <input type="hidden" name="scope" value="products" />
            {saved.search && <input type="hidden" name="search" value={saved.search} />}
            {saved.category && <input type="hidden" name="category" value={saved.category} />}
            <SubmitButton intent="save" label={t("alerts.saveSearch")} pendingLabel={t("auth.pleaseWait")} className="px-4" />
          </Form>
        )}
      </div>
      {loading ? (
        <div className="mt-6">
          <SkeletonGrid count={SKELETON_CARDS} />
        </div>
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
          <div className={`mt-6 ${PRODUCT_GRID}`} data-testid="product-grid">
            {items.map((product) => (
              <ProductCard key={product.id} product={product} headingLevel={2} />
            ))}
          </div>
          <Pagination page={page} pages={pages} capped={capped} />
        </>
      )}
    </div>
  );
}
