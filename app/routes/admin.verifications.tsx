import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { withCountryLabel } from "~/lib/countries";
import { formatDate } from "~/lib/format";
import { allMessages } from "~/lib/forms";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { VerificationDecisionSchema } from "~/lib/schemas";
import { siteUrl } from "~/lib/site";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { sizeInKb } from "~/lib/uploads";
import { decideVerification, listVerificationsForAdmin } from "~/models/verifications.server";
import { requireAdmin } from "~/services/auth.server";
import { sendAfterResponse } from "~/services/email.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

const SHOWN = 50;

/** Companies' verification applications: the waiting ones with their documents, then the decided. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [t, locale, applications] = await Promise.all([
    i18nServer.getFixedT(request),
    i18nServer.getLocale(request),
    listVerificationsForAdmin(context.db, SHOWN),
  ]);
  return { title: t("trust.admin.title"), applications: applications.map((a) => withCountryLabel(a, locale)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const submission = await parseSubmission(request, VerificationDecisionSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const value = submission.value;
  const decision = value.intent === "approve" ? ({ approve: true } as const) : ({ approve: false, reason: value.reason } as const);
  invariantResponse(await decideVerification(context.db, value.id, decision, siteUrl(context.env)), 404);
  sendAfterResponse(context);
  return redirectWithToast(context, "/admin/verifications", {
    type: "success",
    title: "auth.successTitle",
    description: value.intent === "approve" ? "trust.admin.approved" : "trust.admin.rejected",
  });
}

export default function AdminVerifications() {
  const { applications } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("trust.admin.title")}</h1>
      <p className="mt-1 text-slate-700">{t("trust.admin.text")}</p>
      <FormErrors errors={allMessages(answer)} />
      {applications.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{t("trust.admin.none")}</p>
      ) : (
        <ul className="mt-6 grid gap-4">
          {applications.map((a) => (
            <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="verification">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">{a.companyName}</h2>
                <p className="text-sm font-semibold text-slate-800">{t(`trust.status.${a.status}`)}</p>
              </div>
              <dl className="mt-2 grid gap-1 text-sm text-slate-800 sm:grid-cols-3">
                <div>
                  <dt className="text-slate-600">{t("trust.registrationNumber")}</dt>
                  <dd>{a.registrationNumber}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t("membership.fields.country")}</dt>
                  <dd>{a.country}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t("trust.address")}</dt>
                  <dd>{a.address}</dd>
                </div>
              </dl>
              <p className="mt-2 text-sm text-slate-600">{formatDate(a.createdAt, i18n.language)}</p>
              {a.reason && <p className="mt-2 text-sm text-red-800">{a.reason}</p>}
              {a.status === "pending" && (
                <>
                  <ul className="mt-3 grid gap-1 text-sm">
                    {a.documents.map((d) => (
                      <li key={d.id}>
                        <a href={`/admin/verifications/${a.id}/documents/${d.id}`} className="text-orange-800 underline" download>
                          {d.filename}
                        </a>{" "}
                        ({sizeInKb(d.size)} KB)
                      </li>
                    ))}
                  </ul>
                  <div className="mt-4 flex flex-wrap items-end gap-4">
                    <Form method="post">
                      <input type="hidden" name="id" value={a.id} />
                      <SubmitButton
                        intent="approve"
                        label={t("trust.admin.approve")}
                        pendingLabel={t("auth.pleaseWait")}
                        className="px-5"
                      />
                    </Form>
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="id" value={a.id} />
                      <div>
                        <label htmlFor={`reason-${a.id}`} className="block text-sm font-medium text-slate-800">
                          {t("trust.admin.reason")}
                        </label>
                        <input id={`reason-${a.id}`} name="reason" required maxLength={2000} className={inputClass} />
                      </div>
                      <div>
                        <SubmitButton
                          intent="reject"
                          label={t("trust.admin.reject")}
                          pendingLabel={t("auth.pleaseWait")}
                          className="px-5"
                        />
                      </div>
                    </Form>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
