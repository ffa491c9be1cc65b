import { getFormProps, getInputProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { useSchemaForm } from "~/lib/forms";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { hashPassword } from "~/lib/password.server";
import { ResetPasswordSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { hashToken, TOKEN_PATTERN } from "~/lib/tokens.server";
import { tokenOwner, redeemResetToken } from "~/models/auth-tokens.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** The link from the reset e-mail: a form for the new password while the link is live (1 hour, once). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const live = TOKEN_PATTERN.test(token) && (await tokenOwner(context.db, "reset_password", await hashToken(token))) !== null;
  return { title: t("reset.title"), token: live ? token : null };
}

/** Sets the new password and signs the account out everywhere; then the member signs in with it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, ResetPasswordSchema);
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields: ["password", "confirmPassword"] });
  const { token, password } = submission.value;
  const reset = TOKEN_PATTERN.test(token) && (await redeemResetToken(context.db, await hashToken(token), await hashPassword(password)));
  if (!reset) return invalidSubmission(submission, { formErrors: ["reset.invalidLink"], hideFields: ["password", "confirmPassword"] }, 410);
  return redirectWithToast(context, "/auth", { type: "success", title: "reset.doneTitle", description: "reset.done" });
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(ResetPasswordSchema, { id: "reset", lastResult, defaultValue: { token: token ?? "" } });
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("reset.title")}</h1>
        {token ? (
          <Form method="post" {...getFormProps(form)} className="relative mt-6 grid gap-4">
            <FormErrors id={form.errorId} errors={form.errors} />
            <input {...getInputProps(fields.token, { type: "hidden" })} />
            <Field field={fields.password} label={t("reset.newPassword")}>
              <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" className={inputClass} />
            </Field>
            <Field field={fields.confirmPassword} label={t("reset.confirmPassword")}>
              <input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" className={inputClass} />
            </Field>
            <SubmitButton label={t("reset.button")} pendingLabel={t("auth.pleaseWait")} />
          </Form>
        ) : (
          <>
            <p className="mt-4 text-slate-700">{t("reset.invalidLink")}</p>
            <Link to="/forgot-password" className="mt-4 inline-block font-semibold text-orange-800 hover:underline">
              {t("reset.askAgain")}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
