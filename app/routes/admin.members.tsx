import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { formatDate } from "~/lib/format";
import { invariantResponse } from "~/lib/http";
import { planLabel } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { siteUrl } from "~/lib/site";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { decideUpgradeRequest, listPendingUpgradeRequests } from "~/models/membership.server";
import { requireAdmin } from "~/services/auth.server";
import { sendAfterResponse } from "~/services/email.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [t, requests] = await Promise.all([i18nServer.getFixedT(request), listPendingUpgradeRequests(context.db)]);
  return { title: t("admin.membersTitle"), requests };
}

const DecisionSchema = z.object({ intent: z.enum(["approve", "reject"]), requestId: z.string().min(1).max(64) });

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, DecisionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const approve = submission.value.intent === "approve";
  invariantResponse(await decideUpgradeRequest(context.db, submission.value.requestId, approve, siteUrl(context.env)), 404);
  sendAfterResponse(context);
  return redirectWithToast(context, "/admin/members", {
    type: "success",
    title: "auth.successTitle",
    description: approve ? "admin.approved" : "admin.rejected",
  });
}

export default function AdminMembers() {
  const { requests } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("admin.membersTitle")}</h1>
      <p className="mt-1 text-slate-700">{t("admin.membersText")}</p>
      {requests.length === 0 ? (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("admin.noRequests")}</p>
      ) : (
        <table className="mt-6 w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-left text-sm">
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
                  <Form method="post" className="flex justify-end gap-2">
                    <input type="hidden" name="requestId" value={r.id} />
                    <button
                      name="intent"
                      value="approve"
                      className="rounded-md bg-green-700 px-3 py-1.5 font-semibold text-white hover:bg-green-800"
                    >
                      {t("admin.approve")}
                    </button>
                    <button
                      name="intent"
                      value="reject"
                      className="rounded-md border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50"
                    >
                      {t("admin.reject")}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
