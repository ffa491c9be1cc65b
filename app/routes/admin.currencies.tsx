import { getFormProps, getInputProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { EXCHANGE_RATE_MAX, EXCHANGE_RATE_MIN } from "~/lib/constants";
import { currencyName, latestToday } from "~/lib/currency";
import { formatDate, formatNumber } from "~/lib/format";
import { submissionResult, useSchemaForm } from "~/lib/forms";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { ExchangeRateSchema } from "~/lib/schemas";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { listRatesForAdmin, setRate } from "~/models/exchange-rates.server";
import { requireAdmin } from "~/services/auth.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

/** Every rate, its day and who set it, and which currencies' listing prices are still being recomputed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const [t, locale, rates] = await Promise.all([
    i18nServer.getFixedT(request),
    i18nServer.getLocale(request),
    listRatesForAdmin(context.db),
  ]);
  return {
    title: t("currency.admin.title"),
    today: latestToday(),
    rates: rates.map((rate) => ({ ...rate, name: currencyName(rate.currency, locale) })),
  };
}

/** A new rate and its day: the listings in that currency get their USD price from the scheduled work. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request, context);
  const submission = await parseSubmission(request, ExchangeRateSchema);
  if (submission.status !== "success") return invalidSubmission(submission);
  await setRate(context.db, submission.value, user?.id ?? null);
  return redirectWithToast(context, "/admin/currencies", {
    type: "success",
    title: "auth.successTitle",
    description: "currency.admin.saved",
    values: { currency: submission.value.currency },
  });
}

type Rate = ReturnType<typeof useLoaderData<typeof loader>>["rates"][number];

export default function AdminCurrencies() {
  const { rates } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">{t("currency.admin.title")}</h1>
      <p className="mt-2 text-slate-700">{t("currency.admin.text")}</p>
      <ul className="mt-6 grid gap-4">
        {rates.map((rate) => (
          <RateRow key={rate.currency} rate={rate} />
        ))}
      </ul>
    </div>
  );
}

function RateRow({ rate }: { rate: Rate }) {
  const { today } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation();
  // Each currency has its own form: the answer belongs to the one whose currency it names.
  const mine = submissionResult(answer)?.initialValue?.currency === rate.currency ? answer : undefined;
  const [form, fields] = useSchemaForm(ExchangeRateSchema, {
    id: `rate-${rate.currency}`,
    lastResult: mine,
    defaultValue: { currency: rate.currency, perUsd: String(rate.perUsd), asOf: rate.asOf },
  });
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="currency-rate" data-currency={rate.currency}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          <span className="font-mono">{rate.currency}</span> · <span className="first-letter:uppercase">{rate.name}</span>
        </h2>
        <p className="text-sm text-slate-700" data-testid="rate-now">
          {t("currency.admin.current", {
            rate: formatNumber(rate.perUsd, i18n.language),
            currency: rate.currency,
            date: formatDate(rate.asOf, i18n.language),
          })}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600" data-testid="rate-set-by">
        {rate.updatedAt
          ? t("currency.admin.setBy", {
              who: rate.updatedBy ?? t("currency.admin.adminGate"),
              date: formatDate(rate.updatedAt, i18n.language),
            })
          : t("currency.admin.seeded")}
      </p>
      {rate.recomputing && (
        <p
          role="status"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900"
          data-testid="recomputing"
        >
          {t("currency.admin.recomputing", {
            done: formatNumber(Math.min(rate.recomputing.afterId, rate.recomputing.lastId), i18n.language),
            last: formatNumber(rate.recomputing.lastId, i18n.language),
          })}
        </p>
      )}
      {rate.currency === "USD" ? (
        <p className="mt-2 text-sm text-slate-700">{t("currency.admin.usdIsBase")}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-3 grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
          <input type="hidden" name="currency" value={rate.currency} />
          <div className="sm:col-span-3">
            <FormErrors id={form.errorId} errors={form.errors} />
          </div>
          <Field field={fields.perUsd} label={t("currency.admin.rateLabel", { currency: rate.currency })}>
            <input
              {...getInputProps(fields.perUsd, { type: "text" })}
              inputMode="decimal"
              className={inputClass}
              aria-describedby={`${fields.perUsd.id}-hint${fields.perUsd.errors ? ` ${fields.perUsd.errorId}` : ""}`}
            />
            <p id={`${fields.perUsd.id}-hint`} className="mt-1 text-xs text-slate-600">
              {t("currency.admin.rateHint", {
                min: formatNumber(EXCHANGE_RATE_MIN, i18n.language),
                max: formatNumber(EXCHANGE_RATE_MAX, i18n.language),
              })}
            </p>
          </Field>
          <Field field={fields.asOf} label={t("currency.admin.asOfLabel")}>
            <input {...getInputProps(fields.asOf, { type: "date" })} max={today} className={inputClass} />
          </Field>
          <div className="sm:pt-6">
            <SubmitButton label={t("currency.admin.save")} pendingLabel={t("auth.pleaseWait")} className="px-5" />
          </div>
        </Form>
      )}
    </li>
  );
}
