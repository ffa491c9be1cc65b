import { getFormProps, getInputProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, Honeypot, inputClass, SubmitButton, useClearedOnAnswer } from "~/components/ui/form";
import { useSchemaForm } from "~/lib/forms";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { AdminLoginSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirect } from "~/lib/url";
import { isAdmin, unlockAdminMode } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (await isAdmin(request, context)) throw redirect(redirectTo);
  const t = await i18nServer.getFixedT(request);
  return { redirectTo, title: t("admin.loginTitle") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, AdminLoginSchema);
  const hideFields = ["password"];
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields });
  const result = await unlockAdminMode(request, context, submission.value.password);
  if (result.ok) {
    return redirectWithToast(
      context,
      safeRedirect(submission.value.redirectTo),
      { type: "success", title: "admin.accessGranted", description: "admin.welcome" },
      { headers: result.headers },
    );
  }
  if (result.reason === "limited") return invalidSubmission(submission, { formErrors: ["auth.tooManyAttempts"], hideFields }, 429);
  return invalidSubmission(submission, { formErrors: ["admin.incorrectPassword"], hideFields }, 401);
}

export default function AdminLogin() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const password = useClearedOnAnswer(lastResult);
  const [form, fields] = useSchemaForm(AdminLoginSchema, { id: "admin-login", lastResult });
  const denied = form.errors?.includes("admin.incorrectPassword");
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("admin.loginTitle")}</h1>
        <p className="mt-1 text-slate-700">{t("admin.loginText")}</p>
        {form.errors?.length ? (
          <div
            id={form.errorId}
            role="alert"
            className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
            data-testid="form-error"
          >
            {denied && <p className="font-semibold">{t("admin.accessDenied")}</p>}
            {form.errors.map((error) => (
              <p key={error} className="text-sm">
                {t(error)}
              </p>
            ))}
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="relative mt-5 grid gap-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field field={fields.password} label={t("admin.password")}>
            <input
              ref={password}
              {...getInputProps(fields.password, { type: "password" })}
              autoComplete="current-password"
              className={inputClass}
            />
          </Field>
          <Honeypot />
          <div className="flex gap-3">
            <Link
              to="/"
              className="flex-1 rounded-md border border-slate-300 px-4 py-2.5 text-center font-semibold text-slate-800 hover:bg-slate-50"
            >
              {t("admin.cancel")}
            </Link>
            <div className="flex-1">
              <SubmitButton label={t("admin.submit")} pendingLabel={t("auth.pleaseWait")} />
            </div>
          </div>
        </Form>
      </div>
    </div>
  );
}
