import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/form";
import type { ReportTarget } from "~/lib/constants";
import { formatDate } from "~/lib/format";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { ReportDecisionSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { dismissReports, liftSuspension, listOpenReports, listSuspended, suspendMember } from "~/models/reports.server";
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

/** Open reports grouped by what they are about, most reported first; the suspended members. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [t, open, suspended] = await Promise.all([
    i18nServer.getFixedT(request),
    listOpenReports(context.db, SHOWN),
    listSuspended(context.db, SHOWN),
  ]);
  return { title: t("reports.admin.title"), open: open.map((r) => ({ ...r, path: targetPath(r.targetType, r.targetId) })), suspended };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, ReportDecisionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const value = submission.value;
  const origin = new URL(request.url).origin;
  const done =
    value.intent === "dismiss"
      ? await dismissReports(context.db, value.targetType, value.targetId, origin)
      : value.intent === "suspend"
        ? await suspendMember(context.db, value.userId, origin)
        : await liftSuspension(context.db, value.userId);
  invariantResponse(done, 404);
  sendAfterResponse(context);
  return redirectWithToast(context, "/admin/reports", {
    type: "success",
    title: "auth.successTitle",
    description: `reports.admin.done.${value.intent}`,
  });
}

export default function AdminReports() {
  const { open, suspended } = useLoaderData<typeof loader>();
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
              <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{r.details}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                <Form method="post">
                  <input type="hidden" name="targetType" value={r.targetType} />
                  <input type="hidden" name="targetId" value={r.targetId} />
                  <SubmitButton intent="dismiss" label={t("reports.admin.dismiss")} pendingLabel={t("auth.pleaseWait")} className="px-4" />
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
