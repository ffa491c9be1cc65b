import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, Honeypot, inputClass, SubmitButton, useClearedOnAnswer } from "~/components/ui/form";
import { BUSINESS_TYPES } from "~/lib/constants";
import { localizedCountries, requestCountry } from "~/lib/countries";
import { useSchemaForm } from "~/lib/forms";
import { readForm } from "~/lib/http";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { SignInSchema, SignUpSchema } from "~/lib/schemas";
import { invalidSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirect } from "~/lib/url";
import { getUser, signInWithPassword } from "~/services/auth.server";
import { register } from "~/services/registration.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/");
  const url = new URL(request.url);
  const mode = url.searchParams.get("mode") === "signup" ? "signup" : "signin";
  const [t, locale] = await Promise.all([i18nServer.getFixedT(request), i18nServer.getLocale(request)]);
  return {
    mode,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
    title: mode === "signup" ? t("auth.signUpTitle") : t("auth.signInTitle"),
    countries: mode === "signup" ? localizedCountries(locale) : [],
    // The sign-up's country is optional: the visitor's when Cloudflare tells it, else none chosen.
    defaultCountry: mode === "signup" ? requestCountry(request) : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (await getUser(request, context)) throw redirect("/");
  const form = await readForm(request);
  if (form.get("intent") === "signup") {
    const submission = parseWithZod(form, { schema: SignUpSchema });
    return register(request, context, submission, ({ website: _honeypot, ...account }) => account, ["password"]);
  }
  const submission = parseWithZod(form, { schema: SignInSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return invalidSubmission(submission, { hideFields });
  const result = await signInWithPassword(request, context, form, submission.value.email);
  if (result.ok) {
    return redirectWithToast(
      context,
      safeRedirect(submission.value.redirectTo),
      { type: "success", title: "auth.signedIn" },
      { headers: result.headers },
    );
  }
  // Never tell which of the two was wrong.
  if (result.reason === "limited") return invalidSubmission(submission, { formErrors: ["auth.tooManySignIns"], hideFields }, 429);
  return invalidSubmission(submission, { formErrors: ["auth.invalidCredentials"], hideFields }, 401);
}

export default function Auth() {
  const { mode, redirectTo, countries, defaultCountry } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const toggle = (target: string) => `/auth?mode=${target}${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <nav className="mb-4 flex justify-between text-sm">
        <Link to="/" className="font-medium text-orange-800 hover:underline">
          ← {t("auth.backToHome")}
        </Link>
        <Link to="/" className="font-medium text-orange-800 hover:underline">
          {t("auth.home")}
        </Link>
      </nav>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {mode === "signup" ? <SignUpForm countries={countries} defaultCountry={defaultCountry} /> : <SignInForm redirectTo={redirectTo} />}
        <p className="mt-6 text-center text-sm text-slate-700">
          {mode === "signup" ? t("auth.haveAccount") : t("auth.noAccount")}{" "}
          <Link to={toggle(mode === "signup" ? "signin" : "signup")} className="font-semibold text-orange-800 hover:underline">
            {mode === "signup" ? t("auth.signInLink") : t("auth.signUpLink")}
          </Link>
        </p>
      </div>
    </div>
  );
}

function SignInForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const password = useClearedOnAnswer(lastResult);
  const [form, fields] = useSchemaForm(SignInSchema, { id: "signin", lastResult });
  return (
    <>
      <h1 className="text-2xl font-bold">{t("auth.signInTitle")}</h1>
      <p className="mt-1 text-slate-700">{t("auth.signInSubtitle")}</p>
      <Form method="post" {...getFormProps(form)} className="relative mt-6 grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field field={fields.email} label={t("auth.email")}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <Field field={fields.password} label={t("auth.password")}>
          <input
            ref={password}
            {...getInputProps(fields.password, { type: "password" })}
            autoComplete="current-password"
            className={inputClass}
          />
        </Field>
        <Link to="/forgot-password" className="-mt-2 justify-self-end text-sm font-semibold text-orange-800 hover:underline">
          {t("reset.forgotLink")}
        </Link>
        <Honeypot />
        <SubmitButton intent="signin" label={t("auth.signInButton")} pendingLabel={t("auth.pleaseWait")} />
      </Form>
    </>
  );
}

function SignUpForm({ countries, defaultCountry }: { countries: { value: string; label: string }[]; defaultCountry: string | null }) {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(SignUpSchema, {
    id: "signup",
    lastResult,
    defaultValue: { businessType: "Buy Sell Products", country: defaultCountry ?? undefined },
  });
  const optional = t("auth.optional");
  return (
    <>
      <h1 className="text-2xl font-bold">{t("auth.signUpTitle")}</h1>
      <p className="mt-1 text-slate-700">{t("auth.signUpSubtitle")}</p>
      <Form method="post" {...getFormProps(form)} className="relative mt-6 grid gap-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field field={fields.email} label={t("auth.email")}>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={inputClass} />
        </Field>
        <Field field={fields.password} label={t("auth.password")}>
          <input {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" className={inputClass} />
        </Field>
        <Field field={fields.fullName} label={t("auth.fullName")}>
          <input {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" className={inputClass} />
        </Field>
        <Field field={fields.companyName} label={t("auth.companyName")} hint={optional}>
          <input {...getInputProps(fields.companyName, { type: "text" })} autoComplete="organization" className={inputClass} />
        </Field>
        <Field field={fields.mobileNumber} label={t("auth.mobileNumber")} hint={optional}>
          <input {...getInputProps(fields.mobileNumber, { type: "tel" })} autoComplete="tel" className={inputClass} />
        </Field>
        <Field field={fields.country} label={t("auth.country")} hint={optional}>
          <select {...getSelectProps(fields.country)} autoComplete="country-name" className={inputClass}>
            <option value="">{t("form.selectPlaceholder")}</option>
            {countries.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <Field field={fields.businessType} label={t("auth.businessType")}>
          <select {...getSelectProps(fields.businessType)} className={inputClass}>
            {BUSINESS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`auth.businessTypes.${type.replace(/ /g, "")}`)}
              </option>
            ))}
          </select>
        </Field>
        <Honeypot />
        <SubmitButton intent="signup" label={t("auth.signUpButton")} pendingLabel={t("auth.pleaseWait")} />
      </Form>
    </>
  );
}
