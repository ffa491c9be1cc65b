import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "~/components/rfq/request-parts";
import { Pagination } from "~/components/ui/pagination";
import { BUY_REQUESTS_SHOWN, INBOX_PAGE_SIZE, INQUIRY_STATUSES, type InquiryStatus } from "~/lib/constants";
import { withCountryLabel } from "~/lib/countries";
import { formatDate } from "~/lib/format";
import { categoryLabel } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { pageFrom } from "~/lib/url";
import { listInbox } from "~/models/inquiries.server";
import { buyLeadsForSupplier, leadQuotaLeft } from "~/models/quotes.server";
import { requireUser } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

const statusFrom = (value: string | null) =>
  (INQUIRY_STATUSES as readonly string[]).includes(value ?? "") ? (value as InquiryStatus) : null;

interface BuyLead {
  id: string;
  title: string;
  category: string | null;
  quantity: string | null;
  location: string | null;
  createdAt: number;
  quoted: number;
}

/** The supplier's inbox: requests addressed to their companies, and the buy requests they may quote. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const status = statusFrom(url.searchParams.get("status"));
  const page = pageFrom(url);
  const [t, locale, inbox, leads, quota] = await Promise.all([
    i18nServer.getFixedT(request),
    i18nServer.getLocale(request),
    listInbox(context.db, user.id, { status, page, pageSize: INBOX_PAGE_SIZE }),
    buyLeadsForSupplier(context.db, user.id, BUY_REQUESTS_SHOWN).all<BuyLead>(),
    leadQuotaLeft(context.db, user),
  ]);
  return {
    title: t("rfq.inbox.title"),
    status,
    page,
    pages: Math.max(1, Math.ceil(inbox.total / INBOX_PAGE_SIZE)),
    requests: inbox.requests.map((r) => ({ ...r, buyer: withCountryLabel(r.buyer, locale) })),
    unread: inbox.unread,
    buyLeads: leads.results,
    quota,
  };
}

export default function Inbox() {
  const { requests, status, page, pages, unread, buyLeads, quota } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const filters: (InquiryStatus | null)[] = [null, ...INQUIRY_STATUSES];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("rfq.inbox.title")}</h1>
      <p className="mt-1 text-slate-700" data-testid="inbox-unread">
        {t("rfq.inbox.unread", { count: unread })}
      </p>
      <nav aria-label={t("content.requests.filter")} className="mt-6 flex flex-wrap gap-2">
        {filters.map((key) => (
          <Link
            key={key ?? "all"}
            to={key ? `/inbox?status=${key}` : "/inbox"}
            aria-current={status === key ? "page" : undefined}
            className="rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 aria-[current=page]:border-orange-700 aria-[current=page]:bg-orange-700 aria-[current=page]:text-white"
          >
            {key ? t(`rfq.status.${key}`) : t("content.requests.all")}
          </Link>
        ))}
      </nav>
      {requests.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("rfq.inbox.none")}</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {requests.map((r) => (
            <li
              key={r.id}
              className={`rounded-lg border bg-white p-4 shadow-sm ${r.unread ? "border-orange-400" : "border-slate-200"}`}
              data-testid="inbox-request"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/requests/${r.id}`} className="font-semibold text-orange-800 hover:underline">
                  {r.unread && <span className="mr-2 rounded bg-orange-800 px-1.5 text-xs font-bold text-white">{t("rfq.inbox.new")}</span>}
                  {r.lines[0]?.title ?? r.reference}
                  {r.lines.length > 1 && ` ${t("rfq.inbox.more", { count: r.lines.length - 1 })}`}
                </Link>
                <StatusBadge status={r.status} />
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {[r.buyer.name, r.buyer.company, r.buyer.country].filter(Boolean).join(" · ")} · {r.company?.name} ·{" "}
                {formatDate(r.createdAt, i18n.language)}
              </p>
              <p className="mt-1 line-clamp-2 text-slate-800">{r.message}</p>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} />

      <section className="mt-10" data-testid="buy-requests">
        <h2 className="text-xl font-bold">{t("rfq.inbox.buyRequests")}</h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="quota">
          {t("rfq.inbox.quota", { left: quota.left, limit: quota.limit })}
        </p>
        {buyLeads.length === 0 ? (
          <p className="mt-3 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("rfq.inbox.noBuyRequests")}</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {buyLeads.map((lead) => (
              <li
                key={lead.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
                data-testid="buy-request"
              >
                <div>
                  <p className="font-semibold">{lead.title}</p>
                  <p className="text-sm text-slate-700">
                    {[lead.category && categoryLabel(t, lead.category), lead.quantity, lead.location].filter(Boolean).join(" · ")} ·{" "}
                    {formatDate(lead.createdAt, i18n.language)}
                  </p>
                </div>
                {lead.quoted ? (
                  <span className="text-sm font-semibold text-green-800">{t("rfq.inbox.quoted")}</span>
                ) : (
                  <Link
                    to={`/trade-leads/${lead.id}/quote`}
                    className="rounded-md bg-orange-700 px-4 py-2 text-sm font-semibold text-white hover:bg-orange-800"
                    aria-label={t("rfq.inbox.sendQuoteFor", { title: lead.title })}
                  >
                    {t("rfq.inbox.sendQuote")}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
