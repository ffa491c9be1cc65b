import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { BUSINESS_KINDS, VERIFICATION_DOCS_MAX } from "~/lib/constants";
import { localizedCountries } from "~/lib/countries";
import { formatDate } from "~/lib/format";
import { answerFor, submissionResult, useSchemaForm } from "~/lib/forms";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { BusinessTypeSchema, VerificationApplicationSchema, VerificationFieldsSchema } from "~/lib/schemas";
import { invalidSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { applyForVerification, getOwnCompanyTrust, setOwnBusinessType } from "~/models/verifications.server";
import { requireUser } from "~/services/auth.server";
import { deleteVerificationDocuments, DOCUMENT_REFUSALS, receiveVerificationForm } from "~/services/verification.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** A company's trust page for its supplier: the business type, and the verification (apply, status, reason). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const trust = await getOwnCompanyTrust(context.db, user.id, params.id ?? "");
  invariantResponse(trust, 404);
  const locale = await i18nServer.getLocale(request);
  const t = await i18nServer.getFixedT(request);
  return { title: t("trust.title", { company: trust.company.companyName }), ...trust, countries: localizedCountries(locale) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  // Who asks, and that the company is theirs, before a byte of the body (up to 50 MB) is read.
  const user = await requireUser(request, context);
  const trust = await getOwnCompanyTrust(context.db, user.id, params.id ?? "");
  invariantResponse(trust, 404);
  const catalogId = trust.company.id;
  const back = `/catalog/${encodeURIComponent(catalogId)}/verification`;
  // One waits already: its documents are not kept (the unique index still decides a race).
  const pending = trust.latest?.status === "pending";
  const upload = await receiveVerificationForm(request, context, catalogId, { keepDocuments: !pending });
  const submission = parseWithZod(upload.form, { schema: VerificationFieldsSchema });
  const refuse = async (options: Parameters<typeof invalidSubmission>[1] = {}, status?: number) => {
    if (upload.ok) await deleteVerificationDocuments(context, upload.documents);
    return invalidSubmission(submission, { ...options, hideFields: ["documents"] }, status);
  };
  if (!upload.ok) {
    const { message, status } = DOCUMENT_REFUSALS[upload.problem];
    return refuse({ fieldErrors: { documents: [message] } }, status);
  }
  if (submission.status !== "success") return refuse();
  const value = submission.value;
  if (value.intent === "businessType") {
    await deleteVerificationDocuments(context, upload.documents);
    invariantResponse(await setOwnBusinessType(context.db, user.id, catalogId, value.businessType), 404);
    return redirectWithToast(context, back, { type: "success", title: "auth.successTitle", description: "trust.businessTypeSaved" });
  }
  const alreadyPending = () => refuse({ formErrors: ["trust.alreadyPending"] }, 409);
  if (pending) return alreadyPending();
  if (upload.documents.length === 0) return refuse({ fieldErrors: { documents: ["trust.documents.required"] } });
  const { registrationNumber, country, address } = value;
  const outcome = await applyForVerification(context.db, user.id, catalogId, { registrationNumber, country, address }, upload.documents);
  if (outcome === "pending") return alreadyPending();
  if (outcome === "notFound") {
    await deleteVerificationDocuments(context, upload.documents);
    invariantResponse(false, 404);
  }
  return redirectWithToast(context, back, { type: "success", title: "trust.appliedTitle", description: "trust.applied" });
}

export default function CompanyVerification() {
  const { company, latest, countries } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  const verified = company.verifiedUntil !== null && new Date(company.verifiedUntil).getTime() > Date.now();
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <div>
        <Link to="/catalog" className="text-sm font-semibold text-orange-800 hover:underline">
          {t("nav.myCatalog")}
        </Link>
        <h1 className="mt-1 text-2xl font-bold">{t("trust.title", { company: company.companyName })}</h1>
      </div>
      <BusinessTypeForm businessType={company.businessType} lastResult={answerFor(answer, "businessType")} />
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="verification-heading">
        <h2 id="verification-heading" className="text-lg font-semibold">
          {t("trust.verification")}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t("trust.verificationText")}</p>
        <div className="mt-3" data-testid="verification-status">
          {verified && (
            <p className="font-semibold text-green-800">
              {t("trust.verifiedUntil", { date: formatDate(company.verifiedUntil!, i18n.language) })}
            </p>
          )}
          {latest?.status === "pending" && (
            <>
              <p className="font-semibold text-slate-800">{t("trust.pending")}</p>
              <FormErrors errors={submissionResult(answerFor(answer, "apply"))?.error?.[""] ?? undefined} />
            </>
          )}
          {latest?.status === "rejected" && (
            <p className="text-red-800">
              <span className="font-semibold">{t("trust.rejected")}</span> {latest.reason}
            </p>
          )}
          {latest?.status === "lapsed" && <p className="text-slate-800">{t("trust.lapsed")}</p>}
        </div>
        {latest?.status !== "pending" && <ApplyForm countries={countries} lastResult={answerFor(answer, "apply")} />}
      </section>
    </div>
  );
}

function BusinessTypeForm({ businessType, lastResult }: { businessType: string | null; lastResult: unknown }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(BusinessTypeSchema, {
    id: "businessType",
    lastResult,
    defaultValue: { intent: "businessType", businessType: businessType ?? "" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.businessType} label={t("trust.businessType")}>
        <select {...getSelectProps(fields.businessType)} className={inputClass}>
          <option value="">{t("trust.chooseBusinessType")}</option>
          {BUSINESS_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`trust.businessTypes.${kind}`)}
            </option>
          ))}
        </select>
      </Field>
      <SubmitButton intent="businessType" label={t("trust.saveBusinessType")} pendingLabel={t("auth.pleaseWait")} />
    </Form>
  );
}

function ApplyForm({ countries, lastResult }: { countries: { value: string; label: string }[]; lastResult: unknown }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(VerificationApplicationSchema, { id: "apply", lastResult, defaultValue: { intent: "apply" } });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 grid gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.registrationNumber} label={t("trust.registrationNumber")}>
        <input {...getInputProps(fields.registrationNumber, { type: "text" })} className={inputClass} />
      </Field>
      <Field field={fields.country} label={t("membership.fields.country")}>
        <select {...getSelectProps(fields.country)} autoComplete="country-name" className={inputClass}>
          <option value="">{t("trust.chooseCountry")}</option>
          {countries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <Field field={fields.address} label={t("trust.address")}>
        <input {...getInputProps(fields.address, { type: "text" })} autoComplete="street-address" className={inputClass} />
      </Field>
      <Field field={fields.documents} label={t("trust.documents.label", { max: VERIFICATION_DOCS_MAX })}>
        <input
          id={fields.documents.id}
          name={fields.documents.name}
          type="file"
          multiple
          accept="application/pdf,image/jpeg,image/png"
          aria-invalid={fields.documents.errors ? true : undefined}
          aria-describedby={fields.documents.errors ? fields.documents.errorId : undefined}
          className={inputClass}
        />
      </Field>
      <SubmitButton intent="apply" label={t("trust.apply")} pendingLabel={t("auth.pleaseWait")} />
    </Form>
  );
}
