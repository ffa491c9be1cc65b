import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, Honeypot, inputClass, SubmitButton } from "~/components/ui/form";
import {
  BUSINESS_ACTIVITIES,
  DEFAULT_COUNTRY,
  DEFAULT_MEMBERSHIP_PLAN,
  DEFAULT_CURRENCY,
  EMPLOYEE_RANGES,
  TURNOVER_RANGES,
} from "~/lib/constants";
import { localizedCountries, requestCountry } from "~/lib/countries";
import { formatPrice } from "~/lib/format";
import { useSchemaForm } from "~/lib/forms";
import { planLabel } from "~/lib/i18n";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { needsUpgradeRequest } from "~/lib/permissions";
import { MembershipSchema, UpgradeSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { listMembershipPlans, planFeatures, requestUpgrade } from "~/models/membership.server";
import { getUser } from "~/services/auth.server";
import { register } from "~/services/registration.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [t, locale, user, rows] = await Promise.all([
    i18nServer.getFixedT(request),
    i18nServer.getLocale(request),
    getUser(request, context),
    listMembershipPlans(context.db),
  ]);
  const plans = rows.map((p) => ({ ...p, features: planFeatures(p.features) }));
  const chosen = plans.find((p) => p.name === url.searchParams.get("plan")) ?? plans[0] ?? null;
  const step = url.searchParams.get("step") === "details" && chosen ? "details" : "plan";
  return {
    title: t("membership.title"),
    step,
    yearly: url.searchParams.get("billing") === "yearly",
    plans,
    chosen: chosen?.name ?? DEFAULT_MEMBERSHIP_PLAN,
    user: user ? { email: user.email, plan: user.plan } : null,
    countries: step === "details" && !user ? localizedCountries(locale) : [],
    // The visitor's country, as Cloudflare tells it; the specification's Romania when it does not.
    defaultCountry: requestCountry(request) ?? DEFAULT_COUNTRY,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getUser(request, context);
  if (user) {
    // Already a member: a paid plan choice becomes an upgrade request (payment is out of scope).
    const submission = await parseSubmission(request, UpgradeSchema);
    if (submission.status !== "success") return invalidSubmission(submission);
    await requestUpgrade(context.db, user.id, submission.value.plan);
    return redirectWithToast(context, "/", { type: "success", title: "auth.successTitle", description: "membership.upgradeRequested" });
  }
  const submission = await parseSubmission(request, MembershipSchema);
  return register(
    request,
    context,
    submission,
    ({ website: _honeypot, confirmPassword: _confirm, plan, name, phone, ...details }) => ({
      ...details,
      fullName: name,
      mobileNumber: phone,
      requestedPlan: plan,
    }),
    ["password", "confirmPassword"],
  );
}

export default function Membership() {
  const { step, plans } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("membership.title")}</h1>
      <p className="mt-1 text-slate-700">{t("membership.subtitle")}</p>
      <StepIndicator step={step} />
      {plans.length === 0 ? (
        <p className="mt-8 text-slate-700">{t("membership.noPlans")}</p>
      ) : step === "plan" ? (
        <PlanStep />
      ) : (
        <DetailsStep />
      )}
    </div>
  );
}

function StepIndicator({ step }: { step: string }) {
  const { t } = useTranslation();
  const steps = [
    { key: "plan", label: t("membership.stepPlan") },
    { key: "details", label: t("membership.stepDetails") },
  ];
  return (
    <ol className="mt-6 flex gap-3" aria-label={t("membership.stepIndicator", { step: step === "plan" ? 1 : 2 })}>
      {steps.map((s, i) => (
        <li
          key={s.key}
          aria-current={s.key === step ? "step" : undefined}
          className="flex items-center gap-2 rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 aria-[current]:border-orange-700 aria-[current]:bg-orange-50 aria-[current]:font-semibold aria-[current]:text-orange-900"
        >
          <span className="flex h-6 w-6 items-center justify-center rounded-full bg-slate-200 text-xs font-bold text-slate-900">
            {i + 1}
          </span>
          {s.label}
        </li>
      ))}
    </ol>
  );
}

function PlanStep() {
  const { plans, chosen, yearly } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <Form method="get" className="mt-8">
      <input type="hidden" name="step" value="details" />
      {yearly && <input type="hidden" name="billing" value="yearly" />}
      <div className="mb-4 flex gap-2 text-sm" role="group" aria-label={t("membership.billing")}>
        <Link
          to="/membership"
          aria-current={!yearly ? "true" : undefined}
          className="rounded-md border border-slate-300 px-3 py-1.5 aria-[current]:border-orange-700 aria-[current]:bg-orange-50 aria-[current]:font-semibold"
        >
          {t("membership.monthly")}
        </Link>
        <Link
          to="/membership?billing=yearly"
          aria-current={yearly ? "true" : undefined}
          className="rounded-md border border-slate-300 px-3 py-1.5 aria-[current]:border-orange-700 aria-[current]:bg-orange-50 aria-[current]:font-semibold"
        >
          {t("membership.yearly")}
        </Link>
      </div>
      <fieldset>
        <legend className="sr-only">{t("membership.stepPlan")}</legend>
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          {plans.map((plan) => {
            const price = yearly ? plan.priceYearly : plan.priceMonthly;
            return (
              <label
                key={plan.id}
                data-testid={`plan-${plan.name}`}
                className={`relative flex cursor-pointer flex-col rounded-xl border-2 bg-white p-5 shadow-sm has-[:checked]:border-orange-700 has-[:checked]:ring-2 has-[:checked]:ring-orange-700/30 ${plan.featured ? "border-orange-300" : "border-slate-200"}`}
              >
                {plan.featured && (
                  <span className="absolute -top-3 left-4 rounded-full bg-orange-700 px-3 py-0.5 text-xs font-semibold text-white">
                    {t("membership.mostPopular")}
                  </span>
                )}
                <span className="flex items-center justify-between">
                  <span className="text-lg font-bold">{planLabel(t, plan.name, plan.displayName)}</span>
                  <input
                    type="radio"
                    name="plan"
                    value={plan.name}
                    defaultChecked={plan.name === chosen}
                    className="h-4 w-4 accent-orange-700"
                  />
                </span>
                <span className="mt-2 text-3xl font-extrabold text-slate-900">
                  {price === 0 ? t("membership.free") : formatPrice(price, DEFAULT_CURRENCY, i18n.language)}
                  {price > 0 && (
                    <span className="text-sm font-medium text-slate-600">
                      {yearly ? t("membership.perYear") : t("membership.perMonth")}
                    </span>
                  )}
                </span>
                <ul className="mt-4 grid gap-1.5 text-sm text-slate-700">
                  {/* The limits come from the plan's numbers; its other features are labels (or an admin's own text). */}
                  <li>✓ {t("membership.catalogs", { count: plan.maxCatalogs })}</li>
                  <li>✓ {t("membership.productsPerCatalog", { count: plan.maxProductsPerCatalog })}</li>
                  {plan.prioritySupport && <li>✓ {t("membership.prioritySupport")}</li>}
                  {plan.features.map((feature) => (
                    <li key={feature}>✓ {feature.startsWith("membership.features.") ? t(feature) : feature}</li>
                  ))}
                </ul>
              </label>
            );
          })}
        </div>
      </fieldset>
      <button type="submit" className="mt-8 rounded-md bg-orange-700 px-6 py-3 font-semibold text-white hover:bg-orange-800">
        {t("membership.continue")}
      </button>
    </Form>
  );
}

function DetailsStep() {
  const { plans, chosen, user, yearly } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const plan = plans.find((p) => p.name === chosen)!;
  const back = `/membership?plan=${plan.name}${yearly ? "&billing=yearly" : ""}`;
  return (
    <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {user ? (
          <UpgradeForm planName={plan.name} displayName={planLabel(t, plan.name, plan.displayName)} />
        ) : (
          <RegistrationForm planName={plan.name} />
        )}
      </div>
      <aside className="h-fit rounded-xl border border-orange-200 bg-orange-50 p-5">
        <p className="text-sm text-slate-700">{t("membership.chosenPlan")}</p>
        <p className="text-xl font-bold">{planLabel(t, plan.name, plan.displayName)}</p>
        {needsUpgradeRequest(plan.name) && <p className="mt-2 text-sm text-slate-700">{t("membership.paidPlanNote")}</p>}
        <Link to={back} className="mt-4 inline-block font-semibold text-orange-800 hover:underline">
          ← {t("membership.changePlan")}
        </Link>
      </aside>
    </div>
  );
}

function UpgradeForm({ planName, displayName }: { planName: string; displayName: string }) {
  const { user } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(UpgradeSchema, { id: "upgrade", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4">
      <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.plan.errors ?? [])]} />
      <p className="text-slate-800">{t("membership.signedInAs", { email: user!.email })}</p>
      <input type="hidden" name="plan" value={planName} />
      {!needsUpgradeRequest(planName) ? (
        <p className="text-slate-700">{t("membership.alreadyFree")}</p>
      ) : (
        <SubmitButton label={t("membership.requestUpgrade", { plan: displayName })} pendingLabel={t("auth.pleaseWait")} />
      )}
    </Form>
  );
}

function RegistrationForm({ planName }: { planName: string }) {
  const { countries, defaultCountry } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useSchemaForm(MembershipSchema, { id: "membership", lastResult, defaultValue: { country: defaultCountry } });
  const optional = t("auth.optional");
  // The spec's summary line whenever a required field is empty, above the per-field messages.
  // conform's `fields` is a proxy without enumerable keys, hence the explicit list.
  const required = [
    fields.name,
    fields.companyName,
    fields.businessActivity,
    fields.email,
    fields.country,
    fields.password,
    fields.confirmPassword,
  ];
  const missing = required.some((field) => field.errors?.includes("validation.required"));
  const formErrors = [...(missing ? ["validation.fillAllRequired"] : []), ...(form.errors ?? [])];
  const input = (
    name: "name" | "position" | "companyName" | "email" | "phone" | "address" | "password" | "confirmPassword",
    type: "text" | "email" | "tel" | "password",
    autoComplete: string,
    hint?: string,
  ) => {
    const field = fields[name];
    return (
      <Field field={field} label={t(`membership.fields.${name}`)} hint={hint}>
        <input {...getInputProps(field, { type })} autoComplete={autoComplete} className={inputClass} />
      </Field>
    );
  };
  return (
    <Form method="post" {...getFormProps(form)} className="relative grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormErrors id={form.errorId} errors={formErrors} />
      </div>
      <input type="hidden" name="plan" value={planName} />
      {input("name", "text", "name")}
      {input("position", "text", "organization-title", optional)}
      {input("companyName", "text", "organization")}
      <Field field={fields.numberOfEmployees} label={t("membership.fields.numberOfEmployees")} hint={optional}>
        <select {...getSelectProps(fields.numberOfEmployees)} className={inputClass}>
          <option value="">{t("form.selectPlaceholder")}</option>
          {EMPLOYEE_RANGES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </Field>
      <Field field={fields.annualTurnover} label={t("membership.fields.annualTurnover")} hint={optional}>
        <select {...getSelectProps(fields.annualTurnover)} className={inputClass}>
          <option value="">{t("form.selectPlaceholder")}</option>
          {TURNOVER_RANGES.map((r, i) => (
            <option key={r} value={r}>
              {t(`membership.turnover.${i}`)}
            </option>
          ))}
        </select>
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-800">{t("membership.fields.businessActivity")}</legend>
        <div className="mt-2 flex gap-6">
          {BUSINESS_ACTIVITIES.map((activity) => (
            <label key={activity} className="flex items-center gap-2">
              <input
                type="radio"
                name={fields.businessActivity.name}
                value={activity}
                defaultChecked={fields.businessActivity.initialValue === activity}
                aria-describedby={fields.businessActivity.errors ? fields.businessActivity.errorId : undefined}
                className="h-4 w-4 accent-orange-700"
              />
              {t(`membership.${activity}`)}
            </label>
          ))}
        </div>
        {fields.businessActivity.errors && (
          <p id={fields.businessActivity.errorId} role="alert" className="mt-1 text-sm text-red-700">
            {t(fields.businessActivity.errors[0])}
          </p>
        )}
      </fieldset>
      {input("email", "email", "email")}
      {input("phone", "tel", "tel", optional)}
      <div className="sm:col-span-2">{input("address", "text", "street-address", optional)}</div>
      <Field field={fields.country} label={t("membership.fields.country")}>
        <select {...getSelectProps(fields.country)} autoComplete="country-name" className={inputClass}>
          {countries.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <div />
      {input("password", "password", "new-password")}
      {input("confirmPassword", "password", "new-password")}
      <Honeypot />
      <div className="sm:col-span-2">
        <SubmitButton label={t("membership.submit")} pendingLabel={t("membership.creating")} />
      </div>
    </Form>
  );
}
