import { type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { inputClass } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { ADMIN_MEMBERS_PAGE_SIZE, SEARCH_COUNT_CAP, SEARCH_TERM_MAX_LENGTH } from "~/lib/constants";
import { formatDate } from "~/lib/format";
import { invariantResponse } from "~/lib/http";
import { planLabel } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { canBeSuspended } from "~/lib/permissions";
import { AdminMemberActionSchema } from "~/lib/schemas";
import { siteUrl, type SiteUrl } from "~/lib/site";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { boundedParam, pageCount, pageFrom } from "~/lib/url";
import { listMembersForAdmin, type CompanyVerification } from "~/models/members.server";
import { decideUpgradeRequest, listPendingUpgradeRequests } from "~/models/membership.server";
import { liftSuspension, suspendMember } from "~/models/reports.server";
import { requireAdmin } from "~/services/auth.server";
import { sendAfterResponse } from "~/services/email.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** This page with the search and page the admin was on: where an action returns. */
function listUrl(url: URL) {
  const params = new URLSearchParams();
  const q = boundedParam(url, "q", SEARCH_TERM_MAX_LENGTH);
  const page = pageFrom(url);
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/members?${search}` : "/admin/members";
}

/** The pending upgrade requests, and a page of members found by e-mail address, name or company. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = boundedParam(url, "q", SEARCH_TERM_MAX_LENGTH);
  const page = pageFrom(url);
  const [t, requests, { members, total }] = await Promise.all([
    i18nServer.getFixedT(request),
    listPendingUpgradeRequests(context.db),
    listMembersForAdmin(context.db, q, page),
  ]);
  const { pages, capped } = pageCount(total, ADMIN_MEMBERS_PAGE_SIZE);
  return {
    title: t("admin.membersTitle"),
    requests,
    q,
    page,
    pages,
    capped,
    total,
    members: members.map((member) => ({ ...member, mayBeSuspended: canBeSuspended(member.plan) })),
  };
}

/** An admin's decision, carried out by the model; false when there was nothing to decide on. */
function decide(db: AppLoadContext["db"], value: z.infer<typeof AdminMemberActionSchema>, site: SiteUrl) {
  switch (value.intent) {
    case "approve":
    case "reject":
      return decideUpgradeRequest(db, value.requestId, value.intent === "approve", site);
    case "suspend":
      return suspendMember(db, value.userId, site);
    case "lift":
      return liftSuspension(db, value.userId);
  }
}

const DONE = {
  approve: "admin.approved",
  reject: "admin.rejected",
  suspend: "reports.admin.done.suspend",
  lift: "reports.admin.done.lift",
} as const;

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, AdminMemberActionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const url = new URL(request.url);
  invariantResponse(await decide(context.db, submission.value, siteUrl(context.env)), 404);
  sendAfterResponse(context);
  return redirectWithToast(context, listUrl(url), {
    type: "success",
    title: "auth.successTitle",
    description: DONE[submission.value.intent],
  });
}

const VERIFICATION_BADGE: Record<CompanyVerification, string> = {
  verified: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  rejected: "bg-red-100 text-red-900",
  none: "bg-slate-100 text-slate-800",
};

const secondaryButton = "rounded-md border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50";

export default function AdminMembers() {
  const { requests } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("admin.membersTitle")}</h1>
      <section aria-labelledby="upgrade-requests" className="mt-6">
        <h2 id="upgrade-requests" className="text-xl font-bold">
          {t("admin.memberList.requestsTitle")}
        </h2>
        <p className="mt-1 text-slate-700">{t("admin.membersText")}</p>
        {requests.length === 0 ? (
          <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("admin.noRequests")}</p>
        ) : (
          <table
            className="mt-4 w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-left text-sm"
            data-testid="upgrade-requests"
          >
            <thead className="bg-slate-100 text-slate-800">
              <tr>
                <th className="p-3">{t("admin.member")}</th>
                <th className="p-3">{t("admin.requestedPlan")}</th>
                <th className="p-3">{t("admin.requestedOn")}</th>
                <th className="p-3">
                  <span className="sr-only">{t("admin.decision")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {requests.map((r) => (
                <tr key={r.id} className="border-t border-slate-200">
                  <td className="p-3">
                    <p className="font-medium">{r.fullName}</p>
                    <p className="text-slate-600">
                      {r.email}
                      {r.companyName ? ` · ${r.companyName}` : ""}
                    </p>
                  </td>
                  <td className="p-3">{planLabel(t, r.requestedPlan)}</td>
                  <td className="p-3">{formatDate(r.createdAt, i18n.language)}</td>
                  <td className="p-3">
                    <UpgradeDecision requestId={r.id} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <MemberList />
    </div>
  );
}

function UpgradeDecision({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="flex justify-end gap-2">
      <input type="hidden" name="requestId" value={requestId} />
      <button name="intent" value="approve" className="rounded-md bg-green-700 px-3 py-1.5 font-semibold text-white hover:bg-green-800">
        {t("admin.approve")}
      </button>
      <button name="intent" value="reject" className={secondaryButton}>
        {t("admin.reject")}
      </button>
    </Form>
  );
}

function MemberList() {
  const { q, page, pages, capped, total, members } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const date = (value: Date | string | number) => formatDate(value, i18n.language);
  return (
    <section aria-labelledby="member-list" className="mt-10">
      <h2 id="member-list" className="text-xl font-bold">
        {t("admin.memberList.title")}
      </h2>
      <p className="mt-1 text-slate-700">{t("admin.memberList.text")}</p>
      <Form method="get" role="search" className="mt-4 flex max-w-xl gap-2">
        <label htmlFor="member-search" className="sr-only">
          {t("admin.memberList.searchLabel")}
        </label>
        <input
          id="member-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          placeholder={t("admin.memberList.searchPlaceholder")}
          className={`${inputClass} mt-0`}
        />
        <button
          type="submit"
          className="shrink-0 whitespace-nowrap rounded-md bg-orange-700 px-5 py-2 font-semibold text-white hover:bg-orange-800"
        >
          {t("admin.memberList.search")}
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-700" data-testid="member-count">
        {total > SEARCH_COUNT_CAP
          ? t("admin.memberList.foundMany", { count: SEARCH_COUNT_CAP })
          : t("admin.memberList.found", { count: total })}
      </p>
      {members.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("admin.memberList.none")}</p>
      ) : (
        // A wide table scrolls sideways on a narrow screen: the region takes focus so keyboards can scroll it too.
        <div
          className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (axe: scrollable-region-focusable)
          tabIndex={0}
          role="region"
          aria-labelledby="member-list"
        >
          <table className="min-w-full text-left text-sm" data-testid="member-list">
            <thead className="bg-slate-100 text-slate-800">
              <tr>
                <th scope="col" className="p-3">
                  {t("admin.member")}
                </th>
                <th scope="col" className="p-3">
                  {t("admin.memberList.plan")}
                </th>
                <th scope="col" className="p-3">
                  {t("admin.memberList.email")}
                </th>
                <th scope="col" className="p-3">
                  {t("admin.memberList.companies")}
                </th>
                <th scope="col" className="p-3">
                  {t("admin.memberList.status")}
                </th>
                <th scope="col" className="p-3">
                  <span className="sr-only">{t("admin.memberList.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id} className="border-t border-slate-200 align-top" data-testid="member">
                  <td className="p-3">
                    <p className="font-medium">{m.fullName ?? "—"}</p>
                    <p className="break-all text-slate-700">{m.email}</p>
                    {m.companyName && <p className="text-slate-700">{m.companyName}</p>}
                    <p className="text-xs text-slate-600">{t("admin.memberList.memberSince", { date: date(m.memberSince) })}</p>
                  </td>
                  <td className="p-3">
                    <p>{planLabel(t, m.plan)}</p>
                    {m.pendingUpgradePlan && (
                      <p className="text-xs text-slate-700">
                        {t("admin.memberList.upgradeRequested", {
                          plan: planLabel(t, m.pendingUpgradePlan),
                        })}
                      </p>
                    )}
                  </td>
                  <td className="p-3">
                    {m.emailVerifiedAt ? (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                        {t("admin.memberList.emailVerified")}
                      </span>
                    ) : (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {t("admin.memberList.emailUnverified")}
                      </span>
                    )}
                  </td>
                  <td className="p-3">
                    {m.companies.length === 0 ? (
                      <span className="text-slate-600">{t("admin.memberList.noCompanies")}</span>
                    ) : (
                      <ul className="grid gap-1">
                        {m.companies.map((c) => (
                          <li key={c.id}>
                            <Link to={`/companies/${c.id}`} className="text-orange-800 underline">
                              {c.name}
                            </Link>{" "}
                            <span
                              className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${VERIFICATION_BADGE[c.verification]}`}
                              data-testid="company-verification"
                            >
                              {t(`admin.memberList.verification.${c.verification}`, {
                                date: c.verifiedUntil ? date(c.verifiedUntil) : "",
                              })}
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="p-3">
                    {m.suspendedAt ? (
                      <span className="font-semibold text-red-800" data-testid="member-status">
                        {t("admin.memberList.suspendedSince", { date: date(m.suspendedAt) })}
                      </span>
                    ) : (
                      <span data-testid="member-status">{t("admin.memberList.active")}</span>
                    )}
                  </td>
                  <td className="p-3">
                    <div className="flex flex-col items-end gap-2">
                      {m.suspendedAt ? (
                        <Form method="post">
                          <input type="hidden" name="userId" value={m.id} />
                          <button name="intent" value="lift" className={secondaryButton}>
                            {t("admin.memberList.lift")}
                            <span className="sr-only">: {m.email}</span>
                          </button>
                        </Form>
                      ) : (
                        m.mayBeSuspended && (
                          <Form method="post">
                            <input type="hidden" name="userId" value={m.id} />
                            <button
                              name="intent"
                              value="suspend"
                              className="rounded-md border border-red-700 bg-white px-3 py-1.5 font-semibold text-red-800 hover:bg-red-50"
                            >
                              {t("admin.memberList.suspend")}
                              <span className="sr-only">: {m.email}</span>
                            </button>
                          </Form>
                        )
                      )}
                      {m.pendingUpgradeId && <UpgradeDecision requestId={m.pendingUpgradeId} />}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} capped={capped} />
    </section>
  );
}
