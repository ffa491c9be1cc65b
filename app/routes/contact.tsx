import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, Honeypot, inputClass, SubmitButton } from "~/components/ui/form";
import { BUSINESS_ACTIVITIES, PHONE_INTERNATIONAL, PHONE_US } from "~/lib/constants";
import { useSchemaForm } from "~/lib/forms";
import { clientAddress } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { ContactSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { saveContactMessage } from "~/models/contact.server";
import { countAttempt, LIMITS } from "~/models/rate-limits.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return { title: t("contact.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, ContactSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const attempt = await countAttempt(context.db, LIMITS.contactPerClient, clientAddress(request));
  if (attempt.limited) return invalidSubmission(submission, { formErrors: ["contact.tooMany"] }, 429);
  const { website: _honeypot, ...message } = submission.value;
  await saveContactMessage(context.db, message);
  return redirectWithToast(context, "/contact", { type: "success", title: "contact.sentTitle", description: "contact.sentText" });
}

export default function Contact() {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(ContactSchema, { id: "contact", lastResult, defaultValue: { businessActivity: "buyer" } });
  // The spec's one line for any of the three required fields left empty.
  const missing = [fields.email, fields.name, fields.message].some((f) => f.errors?.includes("validation.required"));
  const formErrors = [...(missing ? ["contact.required"] : []), ...(form.errors ?? [])];
  const text = (
    name: "email" | "name" | "companyName" | "phone" | "country",
    type: "text" | "email" | "tel",
    autoComplete: string,
    optional = false,
  ) => (
    <Field field={fields[name]} label={t(`contact.fields.${name}`)} hint={optional ? t("auth.optional") : undefined}>
      <input {...getInputProps(fields[name], { type })} autoComplete={autoComplete} className={inputClass} />
    </Field>
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("contact.title")}</h1>
      <p className="mt-1 text-slate-700">{t("contact.subtitle")}</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <Form
          method="post"
          {...getFormProps(form)}
          className="relative grid gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:grid-cols-2"
        >
          <div className="sm:col-span-2">
            <FormErrors id={form.errorId} errors={formErrors} />
          </div>
          {text("email", "email", "email")}
          {text("name", "text", "name")}
          {text("companyName", "text", "organization", true)}
          {text("phone", "tel", "tel", true)}
          {text("country", "text", "country-name", true)}
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("contact.fields.businessActivity")}</legend>
            <div className="mt-2 flex gap-6">
              {BUSINESS_ACTIVITIES.map((activity) => (
                <label key={activity} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={fields.businessActivity.name}
                    value={activity}
                    defaultChecked={(fields.businessActivity.initialValue ?? "buyer") === activity}
                    className="h-4 w-4 accent-orange-700"
                  />
                  {t(`membership.${activity}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="sm:col-span-2">
            <Field field={fields.message} label={t("contact.fields.message")}>
              <textarea {...getTextareaProps(fields.message)} rows={6} className={inputClass} />
            </Field>
          </div>
          <Honeypot />
          <div className="sm:col-span-2">
            <SubmitButton label={t("contact.send")} pendingLabel={t("contact.sending")} />
          </div>
        </Form>
        <aside className="grid h-fit gap-4">
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="phone-support">
            <h2 id="phone-support" className="font-bold">
              {t("contact.phoneSupport")}
            </h2>
            <p className="mt-2 text-sm text-slate-700">
              {t("header.phoneInternational")}{" "}
              <a className="font-medium text-orange-800 hover:underline" href={`tel:${PHONE_INTERNATIONAL}`}>
                {PHONE_INTERNATIONAL}
              </a>
            </p>
            <p className="text-sm text-slate-700">
              {t("header.phoneUs")}{" "}
              <a className="font-medium text-orange-800 hover:underline" href={`tel:${PHONE_US.replace(/[^\d+]/g, "")}`}>
                {PHONE_US}
              </a>
            </p>
          </section>
          <section
            className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            aria-labelledby="business-hours"
            data-testid="business-hours"
          >
            <h2 id="business-hours" className="font-bold">
              {t("contact.businessHours")}
            </h2>
            <ul className="mt-2 text-sm text-slate-700">
              <li>{t("contact.hoursWeekdays")}</li>
              <li>{t("contact.hoursSaturday")}</li>
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
