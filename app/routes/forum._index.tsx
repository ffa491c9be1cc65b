import { type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";
import { listCategories } from "~/models/forum.server";
import { requireForumViewer } from "~/services/forum.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [, categories] = await Promise.all([requireForumViewer(request, context), listCategories(context.db)]);
  return { categories };
}

export default function ForumCategories() {
  const { categories } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="categories-title">
      <h2 id="categories-title" className="text-xl font-semibold">
        {t("forum.categoriesTitle")}
      </h2>
      {categories.length === 0 ? (
        <p className="mt-4 rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">{t("forum.noCategories")}</p>
      ) : (
        <ul className="mt-4 grid gap-3" data-testid="category-list">
          {categories.map((category) => (
            <li key={category.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-orange-300">
              <Link to={`/forum/${category.id}`} className="text-lg font-semibold text-slate-900 hover:text-orange-800 hover:underline">
                {category.name}
              </Link>
              {category.description && <p className="mt-1 text-slate-700">{category.description}</p>}
              <p className="mt-2 text-sm text-slate-600">
                {t("forum.topicCount", { count: category.topicCount })}
                {" · "}
                {category.lastActivityAt
                  ? t("forum.latestActivity", { date: formatDate(category.lastActivityAt, i18n.language) })
                  : t("forum.noActivity")}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
