import { getFormProps, getInputProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, Honeypot, inputClass, SubmitButton } from "~/components/ui/form";
import { useSchemaForm } from "~/lib/forms";
import { clientAddress } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { ForgotPasswordSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { countAttempts, LIMITS } from "~/models/rate-limits.server";
import { findUserByEmail } from "~/models/users.server";
import { linkEmailStatements, sendAfterResponse } from "~/services/email.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return { title: t("reset.forgotTitle") };
}

/** The same answer whether or not the address has an account: nobody learns who is a member. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, ForgotPasswordSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  const { email } = submission.value;
  const limited = await countAttempts(context.db, [
    { limit: LIMITS.resetPerClient, subject: clientAddress(request) },
    { limit: LIMITS.resetPerEmail, subject: email },
  ]);
  if (limited.limited) return invalidSubmission(submission, { formErrors: ["auth.tooManyAttempts"] }, 429);
  const user = await findUserByEmail(context.db, email);
  if (user) {
    const locale = await i18nServer.getLocale(request);
    await context.db.batch(await linkEmailStatements(context.db, context.env, "reset_password", user, locale));
    sendAfterResponse(context);
  }
  return redirectWithToast(context, "/auth", { type: "success", title: "reset.sentTitle", description: "reset.sent" });
}

export default function ForgotPassword() {
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(ForgotPasswordSchema, { id: "forgot", lastResult });
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("reset.forgotTitle")}</h1>
        <p className="mt-2 text-slate-700">{t("reset.forgotText")}</p>
        <Form method="post" {...getFormProps(form)} className="relative mt-6 grid gap-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field field={fields.email} label={t("auth.email")}>
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
          </Field>
          <Honeypot />
          <SubmitButton label={t("reset.sendLink")} pendingLabel={t("auth.pleaseWait")} />
        </Form>
        <Link to="/auth" className="mt-6 inline-block font-semibold text-orange-800 hover:underline">
          {t("reset.backToSignIn")}
        </Link>
      </div>
    </div>
  );
}
