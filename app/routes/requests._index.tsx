import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { inquiryReference, listOwnInquiries } from "~/models/inquiries.server";
import { requireUser } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [t, rows] = await Promise.all([i18nServer.getFixedT(request), listOwnInquiries(context.db, user.id)]);
  return { title: t("rfq.myRequests"), requests: rows.map((r) => ({ ...r, reference: inquiryReference(r.id) })) };
}

const STATUS_STYLE: Record<string, string> = {
  new: "bg-sky-100 text-sky-900",
  in_progress: "bg-amber-100 text-amber-900",
  answered: "bg-green-100 text-green-900",
  closed: "bg-slate-200 text-slate-800",
};

export default function MyRequests() {
  const { requests } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("rfq.myRequests")}</h1>
      {requests.length === 0 ? (
        <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">
          <p>{t("rfq.none")}</p>
          <Link to="/products" className="mt-3 inline-block font-semibold text-orange-800 hover:underline">
            {t("cart.browseProducts")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 grid gap-3">
          {requests.map((r) => (
            <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="my-request">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-mono font-semibold">{r.reference}</p>
                <span className={`rounded-full px-3 py-0.5 text-xs font-semibold ${STATUS_STYLE[r.status]}`}>
                  {t(`rfq.status.${r.status}`)}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {t(`rfq.source.${r.source}`)} · {r.firstTitle} · {t("rfq.lines", { count: r.lines })} ·{" "}
                {formatDate(r.createdAt, i18n.language)}
              </p>
              <p className="mt-2 line-clamp-2 text-slate-800">{r.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
