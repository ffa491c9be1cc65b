import { getFormProps, getInputProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { answerFor, useSchemaForm } from "~/lib/forms";
import { invariantResponse } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { AccountSettingsSchema, EmailSettingsSchema, PasswordSettingsSchema, ProfileSettingsSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { countAttempts, LIMITS } from "~/models/rate-limits.server";
import { getOwnAccount, isEmailTaken, isOwnPassword, setOwnPassword, updateOwnProfile } from "~/models/users.server";
import { requireUser } from "~/services/auth.server";
import { linkEmailStatements, sendAfterResponse } from "~/services/email.server";
import { getSession } from "~/services/session.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** The member's own account: name, company and phone; the password; the e-mail address. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const [t, account] = await Promise.all([i18nServer.getFixedT(request), getOwnAccount(context.db, user.id)]);
  invariantResponse(account, 404);
  return { title: t("settings.account.title"), account: { ...account, verified: account.verifiedAt !== null } };
}

/**
 * Details are saved at once. A new password and a new address need the current password; a new
 * password ends every other session; a new address is verified first (a link sent to it), and
 * replaces the old one only when that link is opened.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = await parseSubmission(request, AccountSettingsSchema);
  const hidden = { hideFields: ["currentPassword", "password", "confirmPassword"] };
  if (submission.status !== "success") return invalidSubmission(submission, hidden);
  const value = submission.value;
  if (value.intent === "profile") {
    await updateOwnProfile(context.db, user.id, value);
    return redirectWithToast(context, "/settings", { type: "success", title: "auth.successTitle", description: "settings.account.saved" });
  }
  // One round trip for the three: the attempt counts whatever the answer, and decides first.
  const [attempts, passwordMatches, emailTaken] = await Promise.all([
    countAttempts(context.db, [{ limit: LIMITS.accountChangesPerMember, subject: user.id }]),
    isOwnPassword(context.db, user.id, value.currentPassword),
    value.intent === "password" || value.email === user.email ? false : isEmailTaken(context.db, value.email),
  ]);
  if (attempts.limited) {
    return invalidSubmission(submission, { formErrors: ["auth.tooManyAttempts"], ...hidden }, 429);
  }
  if (!passwordMatches) {
    return invalidSubmission(submission, { fieldErrors: { currentPassword: ["settings.account.wrongPassword"] }, ...hidden }, 400);
  }
  if (value.intent === "password") {
    const session = await getSession(request, context);
    await setOwnPassword(context.db, user.id, value.password, session!.id);
    return redirectWithToast(context, "/settings", {
      type: "success",
      title: "auth.successTitle",
      description: "settings.account.passwordChanged",
    });
  }
  if (value.email === user.email || emailTaken) {
    return invalidSubmission(submission, { fieldErrors: { email: ["settings.account.emailTaken"] }, ...hidden }, 409);
  }
  const locale = await i18nServer.getLocale(request);
  await context.db.batch(await linkEmailStatements(context.db, context.env, "change_email", { ...user, email: value.email }, locale));
  sendAfterResponse(context);
  return redirectWithToast(context, "/settings", { type: "success", title: "verify.sentTitle", description: "settings.account.emailSent" });
}

export default function AccountSettings() {
  const { account } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("settings.account.title")}</h1>
        <nav aria-label={t("settings.nav")} className="flex gap-4 text-sm font-semibold">
          <Link to="/settings/notifications" className="text-orange-800 hover:underline">
            {t("settings.notifications.title")}
          </Link>
          <Link to="/alerts" className="text-orange-800 hover:underline">
            {t("alerts.title")}
          </Link>
        </nav>
      </div>
      <ProfileForm account={account} lastResult={answerFor(answer, "profile")} />
      <PasswordForm lastResult={answerFor(answer, "password")} />
      <EmailForm email={account.email} verified={account.verified} lastResult={answerFor(answer, "email")} />
    </div>
  );
}

const card = "rounded-xl border border-slate-200 bg-white p-6 shadow-sm";

function ProfileForm({
  account,
  lastResult,
}: {
  account: { fullName: string; companyName: string | null; mobileNumber: string | null };
  lastResult: unknown;
}) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(ProfileSettingsSchema, {
    id: "profile",
    lastResult,
    defaultValue: {
      intent: "profile",
      fullName: account.fullName,
      companyName: account.companyName ?? "",
      mobileNumber: account.mobileNumber ?? "",
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className={`${card} grid gap-4`}>
      <h2 className="text-lg font-semibold">{t("settings.account.details")}</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.fullName} label={t("auth.fullName")}>
        <input {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" className={inputClass} />
      </Field>
      <Field field={fields.companyName} label={t("auth.companyName")}>
        <input {...getInputProps(fields.companyName, { type: "text" })} autoComplete="organization" className={inputClass} />
      </Field>
      <Field field={fields.mobileNumber} label={t("auth.mobileNumber")}>
        <input {...getInputProps(fields.mobileNumber, { type: "tel" })} autoComplete="tel" className={inputClass} />
      </Field>
      <SubmitButton intent="profile" label={t("settings.account.save")} pendingLabel={t("auth.pleaseWait")} />
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult: unknown }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(PasswordSettingsSchema, { id: "password", lastResult, defaultValue: { intent: "password" } });
  return (
    <Form method="post" {...getFormProps(form)} className={`${card} grid gap-4`}>
      <h2 className="text-lg font-semibold">{t("settings.account.password")}</h2>
      <p className="text-sm text-slate-700">{t("settings.account.passwordText")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.currentPassword} label={t("settings.account.currentPassword")}>
        <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" className={inputClass} />
      </Field>
      <Field field={fields.password} label={t("reset.newPassword")}>
        <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field field={fields.confirmPassword} label={t("reset.confirmPassword")}>
        <input {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" className={inputClass} />
      </Field>
      <SubmitButton intent="password" label={t("settings.account.changePassword")} pendingLabel={t("auth.pleaseWait")} />
    </Form>
  );
}

function EmailForm({ email, verified, lastResult }: { email: string; verified: boolean; lastResult: unknown }) {
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(EmailSettingsSchema, { id: "email", lastResult, defaultValue: { intent: "email" } });
  return (
    <Form method="post" {...getFormProps(form)} className={`${card} grid gap-4`}>
      <h2 className="text-lg font-semibold">{t("settings.account.email")}</h2>
      <p className="text-sm text-slate-700" data-testid="current-email">
        {t("settings.account.currentEmail", { email })} {verified ? t("settings.account.verified") : t("settings.account.notVerified")}
      </p>
      <p className="text-sm text-slate-700">{t("settings.account.emailText")}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <Field field={fields.email} label={t("settings.account.newEmail")}>
        <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
      </Field>
      <Field field={fields.currentPassword} label={t("settings.account.currentPassword")}>
        <input {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" className={inputClass} />
      </Field>
      <SubmitButton intent="email" label={t("settings.account.changeEmail")} pendingLabel={t("auth.pleaseWait")} />
    </Form>
  );
}
