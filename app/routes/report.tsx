import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { REPORT_REASONS, REPORT_TARGETS, type ReportTarget } from "~/lib/constants";
import { useSchemaForm } from "~/lib/forms";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { ReportSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { boundedParam, safeRedirect } from "~/lib/url";
import { countAttempts, LIMITS } from "~/models/rate-limits.server";
import { createReport } from "~/models/reports.server";
import { requireUser } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** "Report" on a company, a product, a lead, a forum post, a private or request message: why, and what happened. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const url = new URL(request.url);
  const targetType = url.searchParams.get("type") as ReportTarget;
  const targetId = boundedParam(url, "id", 64);
  invariantResponse((REPORT_TARGETS as readonly string[]).includes(targetType) && targetId, 404);
  const t = await i18nServer.getFixedT(request);
  return { title: t("reports.title"), targetType, targetId, returnTo: safeRedirect(url.searchParams.get("returnTo"), "/") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseSubmission(request, ReportSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  if ((await countAttempts(context.db, [{ limit: LIMITS.reportsPerMember, subject: user.id }])).limited) {
    return invalidSubmission(submission, { formErrors: ["forum.tooMany"] }, 429);
  }
  const { returnTo, ...input } = submission.value;
  const outcome = await createReport(context.db, user.id, input);
  invariantResponse(outcome !== "notFound", 404);
  return redirectWithToast(context, safeRedirect(returnTo, "/"), {
    type: "success",
    title: "reports.sentTitle",
    description: outcome === "reported" ? "reports.sent" : "reports.already",
  });
}

export default function Report() {
  const { targetType, targetId, returnTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(ReportSchema, { id: "report", lastResult, defaultValue: { targetType, targetId, returnTo } });
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("reports.title")}</h1>
        <p className="mt-1 text-slate-700">{t("reports.text", { what: t(`reports.targets.${targetType}`) })}</p>
        <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input {...getInputProps(fields.targetType, { type: "hidden" })} />
          <input {...getInputProps(fields.targetId, { type: "hidden" })} />
          <input {...getInputProps(fields.returnTo, { type: "hidden" })} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("reports.reason")}</legend>
            <div className="mt-2 grid gap-2">
              {REPORT_REASONS.map((reason) => (
                <label key={reason} className="inline-flex items-center gap-2 text-slate-800">
                  <input type="radio" name={fields.reason.name} value={reason} required className="h-4 w-4 accent-orange-700" />
                  {t(`reports.reasons.${reason}`)}
                </label>
              ))}
            </div>
            {fields.reason.errors && (
              <p id={fields.reason.errorId} className="mt-1 text-sm text-red-700" role="alert">
                {t(fields.reason.errors[0])}
              </p>
            )}
          </fieldset>
          <Field field={fields.details} label={t("reports.details")}>
            <textarea {...getTextareaProps(fields.details)} rows={5} className={inputClass} />
          </Field>
          <SubmitButton label={t("reports.send")} pendingLabel={t("auth.pleaseWait")} />
        </Form>
        <Link to={returnTo} className="mt-4 inline-block font-semibold text-orange-800 hover:underline">
          {t("reports.cancel")}
        </Link>
      </div>
    </div>
  );
}
