import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/services/auth.server";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { listOwnCatalogs } from "~/models/catalogs.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

// Catalog management comes with its own issue; the page already belongs to signed-in members only.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [t, catalogs] = await Promise.all([i18nServer.getFixedT(request), listOwnCatalogs(context.db, user.id)]);
  return json({ title: t("catalog.title"), catalogs });
}

export default function Catalog() {
  const { catalogs } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("catalog.title")}</h1>
      {catalogs.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("catalog.empty")}</p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {catalogs.map((catalog) => (
            <li key={catalog.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-lg font-semibold">{catalog.companyName}</h2>
              {catalog.businessDescription && <p className="mt-1 text-slate-700">{catalog.businessDescription}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
