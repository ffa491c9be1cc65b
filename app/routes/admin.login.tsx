import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { json, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, Honeypot, inputClass, SubmitButton, useClearedOnAnswer } from "~/components/ui/form";
import { isAdmin } from "~/lib/auth.server";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { secretsEqual } from "~/lib/password.server";
import { clientAddress, countAttempt, isLimited, LIMITS } from "~/lib/rate-limit.server";
import { AdminLoginSchema, safeRedirect } from "~/lib/schemas";
import { getSession, setSessionAdmin, startSession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/");
  if (await isAdmin(request, context)) throw redirect(redirectTo);
  const t = await i18nServer.getFixedT(request);
  return json({ redirectTo, title: t("admin.loginTitle") });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: AdminLoginSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const client = clientAddress(request);
  if (await isLimited(context, LIMITS.adminPerClient, client)) {
    return json(submission.reply({ formErrors: ["auth.tooManyAttempts"], hideFields: ["password"] }), { status: 429 });
  }
  if (!(await secretsEqual(submission.value.password, context.env.ADMIN_PASSWORD ?? ""))) {
    await countAttempt(context, LIMITS.adminPerClient, client);
    return json(submission.reply({ formErrors: ["admin.incorrectPassword"], hideFields: ["password"] }), { status: 401 });
  }
  const session = await getSession(request, context);
  const headers = new Headers();
  if (session) await setSessionAdmin(context, session, true);
  else headers.append("Set-Cookie", await startSession(request, context, { userId: null, isAdmin: true }));
  return redirectWithToast(
    context,
    safeRedirect(submission.value.redirectTo),
    { type: "success", title: "admin.accessGranted", description: "admin.welcome" },
    { headers },
  );
}

export default function AdminLogin() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const password = useClearedOnAnswer(lastResult);
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult,
    constraint: getZodConstraint(AdminLoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminLoginSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const denied = form.errors?.includes("admin.incorrectPassword");
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{t("admin.loginTitle")}</h1>
        <p className="mt-1 text-slate-700">{t("admin.loginText")}</p>
        {form.errors?.length ? (
          <div id={form.errorId} role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900" data-testid="form-error">
            {denied && <p className="font-semibold">{t("admin.accessDenied")}</p>}
            {form.errors.map((error) => <p key={error} className="text-sm">{t(error)}</p>)}
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="relative mt-5 grid gap-4">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field id={fields.password.id} label={t("admin.password")} errors={fields.password.errors} errorId={fields.password.errorId}>
            <input ref={password} {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" className={inputClass} />
          </Field>
          <Honeypot />
          <div className="flex gap-3">
            <Link to="/" className="flex-1 rounded-md border border-slate-300 px-4 py-2.5 text-center font-semibold text-slate-800 hover:bg-slate-50">
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
