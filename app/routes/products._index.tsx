import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductCard } from "~/components/products/product-card";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { listProducts } from "~/models/products.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.heading);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const search = url.searchParams.get("search")?.trim() || null;
  const category = url.searchParams.get("category")?.trim() || null;
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const [t, { items, total }] = await Promise.all([
    i18nServer.getFixedT(request),
    listProducts(context.db, { search, category, page }),
  ]);
  const heading = search
    ? t("products.searchResults", { search })
    : category
      ? t("products.categoryProducts", { category })
      : t("products.allProducts");
  return json({ heading, page, items, total });
}

export default function Products() {
  const { heading, items, total } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-2xl font-bold">{heading}</h1>
      <p className="mt-1 text-slate-700" data-testid="found-count">{t("products.found", { count: total })}</p>
      {items.length === 0 ? (
        <p className="mt-10 text-center text-slate-700">{t("products.empty")}</p>
      ) : (
        <div className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
          {items.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      )}
    </div>
  );
}
