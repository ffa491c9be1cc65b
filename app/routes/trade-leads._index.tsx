import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { HiddenNotice } from "~/components/trust/hidden-notice";
import { ReportLink } from "~/components/trust/report-link";
import { SubmitButton } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { TRADE_LEAD_CATEGORIES, TRADE_LEADS_PAGE_SIZE } from "~/lib/constants";
import { publicPageHeaders } from "~/lib/edge-cache.server";
import { formatDate } from "~/lib/format";
import { categoryLabel } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { boundedParam, pageCount, pageFrom, withSearchParam } from "~/lib/url";
import { boardPage, deleteOwnLead, leadsForViewer, ownLeadsPage } from "~/models/trade-leads.server";
import { getActor, requireUser } from "~/services/auth.server";
import { writeLead } from "~/services/trade-leads.server";

/** Visitors may get this page from the edge cache (members never do). */
export const headers = publicPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title, data?.subtitle);

const TABS = ["all", "buy", "sell", "mine"] as const;
const LEAD_ID_MAX_LENGTH = 64;
type Tab = (typeof TABS)[number];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: Tab = (TABS as readonly string[]).includes(url.searchParams.get("tab") ?? "") ? (url.searchParams.get("tab") as Tab) : "all";
  const page = pageFrom(url);
  // The board reads beside the session; My Leads needs the member first.
  const [actor, t, board] = await Promise.all([
    tab === "mine" ? requireUser(request, context).then(() => getActor(request, context)) : getActor(request, context),
    i18nServer.getFixedT(request),
    tab === "mine" ? null : context.contentVersion().then((version) => boardPage(context.db, tab === "all" ? null : tab, page, version)),
  ]);
  const { user, admin } = actor;
  const { counts, items, total } = board ?? (await ownLeadsPage(context.db, user!.id, page));
  return {
    title: t("leads.title"),
    subtitle: t("leads.subtitle"),
    tab,
    page,
    ...pageCount(total, TRADE_LEADS_PAGE_SIZE),
    counts,
    signedIn: !!user,
    confirmDelete: tab === "mine" ? boundedParam(url, "confirmDelete", LEAD_ID_MAX_LENGTH) || null : null,
    leads: leadsForViewer({ user, admin }, items),
  };
}

const DeleteSchema = z.object({ intent: z.literal("delete"), leadId: z.string().min(1).max(LEAD_ID_MAX_LENGTH) });

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseSubmission(request, DeleteSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  return writeLead(context, "deleted", () => deleteOwnLead(context.db, user.id, submission.value.leadId));
}

type Lead = ReturnType<typeof useLoaderData<typeof loader>>["leads"][number];

export default function TradeLeads() {
  const { tab, counts, signedIn, leads, page, pages, capped } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const tabs = [
    { key: "all", label: t("leads.tabs.all") },
    { key: "buy", label: t("leads.tabs.buy") },
    { key: "sell", label: t("leads.tabs.sell") },
    ...(signedIn ? [{ key: "mine", label: t("leads.tabs.mine") }] : []),
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t("leads.title")}</h1>
          <p className="mt-1 text-slate-700">{t("leads.subtitle")}</p>
        </div>
        {signedIn && (
          <Link to="/trade-leads/new" className="rounded-md bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800">
            {t("leads.postLead")}
          </Link>
        )}
      </div>

      <dl className="mt-6 grid gap-4 sm:grid-cols-3" data-testid="lead-counts">
        {[
          { label: t("leads.totalLeads"), value: counts.total },
          { label: t("leads.buyRequests"), value: counts.buy },
          { label: t("leads.sellOffers"), value: counts.sell },
        ].map((card) => (
          <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="text-sm text-slate-700">{card.label}</dt>
            <dd className="text-3xl font-bold">{card.value}</dd>
          </div>
        ))}
      </dl>

      <nav aria-label={t("leads.tabsLabel")} className="mt-8 grid grid-cols-4 gap-1 rounded-lg bg-slate-200 p-1">
        {tabs.map((item) => (
          <Link
            key={item.key}
            to={item.key === "all" ? "/trade-leads" : `/trade-leads?tab=${item.key}`}
            aria-current={tab === item.key ? "page" : undefined}
            className="rounded-md px-2 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-white/60 aria-[current=page]:bg-white aria-[current=page]:shadow-sm"
          >
            {item.label}
          </Link>
        ))}
      </nav>

      {tab !== "mine" && <SaveLeadSearch leadType={tab === "all" ? null : tab} />}

      {leads.length === 0 ? (
        <EmptyTab tab={tab} />
      ) : (
        <ul className="mt-6 grid gap-4" data-testid="lead-list">
          {leads.map((lead) => (
            <LeadCard key={lead.id} lead={lead} manage={tab === "mine"} />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} capped={capped} />
    </div>
  );
}

/** A trade alert on this tab's leads, in one category or all: new ones by e-mail once a day. */
function SaveLeadSearch({ leadType }: { leadType: "buy" | "sell" | null }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/alerts" className="mt-4 flex flex-wrap items-end gap-3" data-testid="save-lead-search">
      <input type="hidden" name="scope" value="trade_leads" />
      {leadType && <input type="hidden" name="leadType" value={leadType} />}
      <div>
        <label htmlFor="alert-category" className="block text-sm font-medium text-slate-800">
          {t("alerts.leadCategory")}
        </label>
        <select id="alert-category" name="category" className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900">
          <option value="">{t("alerts.anyCategory")}</option>
          {TRADE_LEAD_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {categoryLabel(t, category)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <SubmitButton intent="save" label={t("alerts.saveSearch")} pendingLabel={t("auth.pleaseWait")} className="px-4" />
      </div>
    </Form>
  );
}

function EmptyTab({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 rounded-xl border border-slate-200 bg-white p-10 text-center" data-testid="leads-empty">
      <p className="text-slate-700">{t(`leads.empty.${tab}`)}</p>
      {tab === "mine" && (
        <Link
          to="/trade-leads/new"
          className="mt-4 inline-block rounded-md bg-orange-700 px-5 py-2.5 font-semibold text-white hover:bg-orange-800"
        >
          {t("leads.postFirst")}
        </Link>
      )}
    </div>
  );
}

function LeadCard({ lead, manage }: { lead: Lead; manage: boolean }) {
  const { confirmDelete } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const buy = lead.leadType === "buy";
  return (
    <li id={`lead-${lead.id}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="lead-card">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded-full px-3 py-0.5 text-xs font-semibold ${buy ? "bg-blue-100 text-blue-900" : "bg-green-100 text-green-900"}`}
        >
          {buy ? t("leads.lookingToBuy") : t("leads.lookingToSell")}
        </span>
        {lead.category && (
          <span className="rounded-full bg-slate-100 px-3 py-0.5 text-xs font-semibold text-slate-800">
            {categoryLabel(t, lead.category)}
          </span>
        )}
        {manage && !lead.isActive && (
          <span className="rounded-full bg-amber-100 px-3 py-0.5 text-xs font-semibold text-amber-900">{t("leads.inactive")}</span>
        )}
      </div>
      <h2 className="mt-2 text-lg font-semibold text-slate-900">{lead.title}</h2>
      <HiddenNotice reason={lead.hiddenReason} className="mt-2" />
      <p className="mt-1 whitespace-pre-line text-slate-800">{lead.description}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-3">
        {lead.quantity && (
          <div>
            <dt className="inline font-medium">{t("leads.fields.quantity")}: </dt>
            <dd className="inline">{lead.quantity}</dd>
          </div>
        )}
        {lead.location && (
          <div>
            <dt className="inline font-medium">{t("leads.fields.location")}: </dt>
            <dd className="inline">{lead.location}</dd>
          </div>
        )}
        <div>
          <dt className="inline font-medium">{t("leads.posted")}: </dt>
          <dd className="inline">{formatDate(lead.createdAt, i18n.language)}</dd>
        </div>
      </dl>
      {!manage && <ReportLink type="lead" id={lead.id} className="mt-2 inline-block" />}
      <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm" data-testid="lead-contact">
        {lead.contactHidden ? (
          <p>
            <span className="font-semibold">{t("leads.contactHidden")}</span>{" "}
            <Link to="/membership" className="text-orange-800 underline">
              {t("leads.upgradeToView")}
            </Link>
          </p>
        ) : (
          <p>
            <span className="font-semibold">{t("leads.fields.contactInfo")}: </span>
            {"contactInfo" in lead ? lead.contactInfo || "—" : "—"}
          </p>
        )}
      </div>
      {manage && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Link
            to={`/trade-leads/${lead.id}/edit`}
            className="rounded-md border border-slate-300 px-4 py-1.5 font-semibold text-slate-800 hover:bg-slate-50"
          >
            {t("leads.edit")}
          </Link>
          {confirmDelete === lead.id ? (
            <div
              role="alertdialog"
              aria-labelledby={`confirm-${lead.id}`}
              className="flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2"
            >
              <p id={`confirm-${lead.id}`} className="font-medium text-red-900">
                {t("leads.confirmDelete")}
              </p>
              <Form method="post" action="/trade-leads?index">
                <input type="hidden" name="leadId" value={lead.id} />
                <button
                  name="intent"
                  value="delete"
                  className="rounded-md bg-red-700 px-4 py-1.5 font-semibold text-white hover:bg-red-800"
                >
                  {t("leads.confirmYes")}
                </button>
              </Form>
              <Link
                to={withSearchParam(location.pathname, location.search, "confirmDelete", null)}
                className="font-semibold text-slate-800 underline"
              >
                {t("leads.cancel")}
              </Link>
            </div>
          ) : (
            <Link
              to={withSearchParam(location.pathname, location.search, "confirmDelete", lead.id)}
              preventScrollReset
              className="rounded-md border border-red-300 px-4 py-1.5 font-semibold text-red-800 hover:bg-red-50"
            >
              {t("leads.delete")}
            </Link>
          )}
        </div>
      )}
    </li>
  );
}
