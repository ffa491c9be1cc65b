import { type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { SubmitButton } from "~/components/ui/form";
import { REPORT_REASONS, type ReportTarget } from "~/lib/constants";
import { formatDate } from "~/lib/format";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { ReportDecisionSchema } from "~/lib/schemas";
import { siteUrl, type SiteUrl } from "~/lib/site";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  dismissReports,
  hideReportedContent,
  liftSuspension,
  listHiddenContent,
  listOpenReports,
  listSuspended,
  restoreContent,
  suspendMember,
} from "~/models/reports.server";
import { requireAdmin } from "~/services/auth.server";
import { sendAfterResponse } from "~/services/email.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

const SHOWN = 100;

/** Where an admin looks at what was reported (request messages are read on the request's admin view). */
function targetPath(type: ReportTarget, id: string) {
  switch (type) {
    case "company":
      return `/companies/${id}`;
    case "product":
      return `/product/${id}`;
    case "lead":
      return `/trade-leads#lead-${id}`;
    case "topic":
      return `/forum/topic/${id}`;
    case "message":
      return `/admin/messages`;
    default:
      return null;
  }
}

/** Open reports grouped by what they are about, most reported first; the hidden content; the suspended members. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [t, open, hidden, suspended] = await Promise.all([
    i18nServer.getFixedT(request),
    listOpenReports(context.db, SHOWN),
    listHiddenContent(context.db, SHOWN),
    listSuspended(context.db, SHOWN),
  ]);
  const withPath = <T extends { targetType: ReportTarget; targetId: string }>(r: T) => ({
    ...r,
    path: targetPath(r.targetType, r.targetId),
  });
  return { title: t("reports.admin.title"), open: open.map(withPath), hidden: hidden.map(withPath), suspended };
}

/** An admin's decision, carried out by the model; false when there was nothing to decide on. */
function decide(db: AppLoadContext["db"], value: z.infer<typeof ReportDecisionSchema>, site: SiteUrl) {
  switch (value.intent) {
    case "dismiss":
      return dismissReports(db, value.targetType, value.targetId, site);
    case "hide":
      return hideReportedContent(db, value.targetType, value.targetId, value.reason, site);
    case "restore":
      return restoreContent(db, value.targetType, value.targetId);
    case "suspend":
      return suspendMember(db, value.userId, site);
    case "lift":
      return liftSuspension(db, value.userId);
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, ReportDecisionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const value = submission.value;
  const done = await decide(context.db, value, siteUrl(context.env));
  invariantResponse(done, 404);
  sendAfterResponse(context);
  return redirectWithToast(context, "/admin/reports", {
    type: "success",
    title: "auth.successTitle",
    description: `reports.admin.done.${value.intent}`,
  });
}

export default function AdminReports() {
  const { open, hidden, suspended } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("reports.admin.title")}</h1>
      <p className="mt-1 text-slate-700">{t("reports.admin.text")}</p>
      {open.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("reports.admin.none")}</p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {open.map((r) => (
            <li
              key={`${r.targetType}:${r.targetId}`}
              className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              data-testid="report"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold">
                  {t(`reports.targets.${r.targetType}`)}{" "}
                  {r.path ? (
                    <Link to={r.path} className="text-orange-800 underline">
                      {r.targetId}
                    </Link>
                  ) : (
                    r.targetId
                  )}
                </h2>
                <p className="text-sm font-semibold text-red-800">{t("reports.admin.count", { count: r.reports })}</p>
              </div>
              <p className="mt-1 text-sm text-slate-800">
                {t("reports.admin.owner")}: {r.ownerName ?? "—"} {r.ownerEmail ? `· ${r.ownerEmail}` : ""}
              </p>
              <p className="mt-1 text-sm text-slate-800">
                {r.reasons
                  .split(",")
                  .map((reason) => t(`reports.reasons.${reason}`))
                  .join(", ")}{" "}
                · {r.latest ? formatDate(r.latest, i18n.language) : ""}
              </p>
              {r.excerpt && (
                <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-sm text-slate-800" data-testid="report-excerpt">
                  {r.excerpt}
                </blockquote>
              )}
              <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{r.details}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <Form method="post">
                  <input type="hidden" name="targetType" value={r.targetType} />
                  <input type="hidden" name="targetId" value={r.targetId} />
                  <SubmitButton intent="dismiss" label={t("reports.admin.dismiss")} pendingLabel={t("auth.pleaseWait")} className="px-4" />
                </Form>
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="targetType" value={r.targetType} />
                  <input type="hidden" name="targetId" value={r.targetId} />
                  <label htmlFor={`hide-reason-${r.targetType}-${r.targetId}`} className="text-sm font-medium">
                    {t("reports.admin.hideReason")}
                  </label>
                  <select
                    id={`hide-reason-${r.targetType}-${r.targetId}`}
                    name="reason"
                    defaultValue={r.reasons.split(",")[0]}
                    className="rounded-md border border-slate-300 px-2 py-2 text-sm"
                  >
                    {REPORT_REASONS.map((reason) => (
                      <option key={reason} value={reason}>
                        {t(`reports.reasons.${reason}`)}
                      </option>
                    ))}
                  </select>
                  <SubmitButton intent="hide" label={t("reports.admin.hide")} pendingLabel={t("auth.pleaseWait")} className="px-4" />
                </Form>
                {r.ownerId && (
                  <Form method="post">
                    <input type="hidden" name="userId" value={r.ownerId} />
                    <SubmitButton
                      intent="suspend"
                      label={t("reports.admin.suspend")}
                      pendingLabel={t("auth.pleaseWait")}
                      className="px-4"
                    />
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-10 text-xl font-bold">{t("reports.admin.hidden")}</h2>
      {hidden.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("reports.admin.noneHidden")}</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {hidden.map((h) => (
            <li
              key={`${h.targetType}:${h.targetId}`}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
              data-testid="hidden-content"
            >
              <p>
                <span className="font-semibold">{t(`reports.targets.${h.targetType}`)}</span>{" "}
                {h.path ? (
                  <Link to={h.path} className="text-orange-800 underline">
                    {h.targetId}
                  </Link>
                ) : (
                  h.targetId
                )}{" "}
                · {h.ownerName ?? "—"} · {h.hiddenAt ? formatDate(h.hiddenAt, i18n.language) : ""}
                {h.excerpt && <span className="block text-sm text-slate-700">{h.excerpt}</span>}
              </p>
              <Form method="post">
                <input type="hidden" name="targetType" value={h.targetType} />
                <input type="hidden" name="targetId" value={h.targetId} />
                <SubmitButton intent="restore" label={t("reports.admin.restore")} pendingLabel={t("auth.pleaseWait")} className="px-4" />
              </Form>
            </li>
          ))}
        </ul>
      )}
      <h2 className="mt-10 text-xl font-bold">{t("reports.admin.suspended")}</h2>
      {suspended.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("reports.admin.noneSuspended")}</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {suspended.map((m) => (
            <li
              key={m.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
              data-testid="suspended"
            >
              <p>
                <span className="font-semibold">{m.fullName}</span> · {m.email} ·{" "}
                {m.suspendedAt ? formatDate(m.suspendedAt, i18n.language) : ""}
              </p>
              <Form method="post">
                <input type="hidden" name="userId" value={m.id} />
                <SubmitButton intent="lift" label={t("reports.admin.lift")} pendingLabel={t("auth.pleaseWait")} className="px-4" />
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
