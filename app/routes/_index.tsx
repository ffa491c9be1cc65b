import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ProductCard } from "~/components/products/product-card";
import { HOME_LIMITS, MEMBER_COUNT_MILLIONS } from "~/lib/constants";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { listNewestProducts } from "~/models/products.server";

// The spec names the home page's title; the site name follows it like on every page.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [t, latest] = await Promise.all([i18nServer.getFixedT(request), listNewestProducts(context.db, HOME_LIMITS.latest)]);
  return json({ title: t("home.title"), latest });
}

export default function Home() {
  const { latest } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <section className="rounded-xl bg-gradient-to-r from-slate-900 to-slate-700 px-6 py-12 text-white">
        <h1 className="text-3xl font-bold md:text-4xl">{t("home.title")}</h1>
        <p className="mt-3 max-w-2xl text-slate-100">{t("home.welcomeText", { count: MEMBER_COUNT_MILLIONS })}</p>
        <Link to="/products" className="mt-6 inline-block rounded-md bg-orange-700 px-5 py-2.5 font-medium text-white hover:bg-orange-800">
          {t("home.browseProducts")}
        </Link>
      </section>
      <section className="mt-10">
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {latest.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      </section>
    </div>
  );
}
