import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { TRADE_LEAD_CATEGORIES } from "~/lib/constants";
import { useSchemaForm } from "~/lib/forms";
import { categoryLabel } from "~/lib/i18n";
import { TradeLeadEditSchema, TradeLeadSchema } from "~/lib/schemas";

export interface LeadFormValues {
  leadType: "buy" | "sell";
  title?: string;
  description?: string;
  category?: string | null;
  quantity?: string | null;
  location?: string | null;
  contactInfo?: string | null;
  isActive?: boolean;
}

/** The create and edit screen: one form, with the Active switch when editing. */
export function LeadForm({ mode, defaults, lastResult }: { mode: "create" | "edit"; defaults: LeadFormValues; lastResult?: unknown }) {
  const { t } = useTranslation();
  const schema = mode === "edit" ? TradeLeadEditSchema : TradeLeadSchema;
  // Either schema's fields: TypeScript types the conditional as TradeLeadSchema, without the Active switch.
  const [form, fields] = useSchemaForm<typeof TradeLeadEditSchema | typeof TradeLeadSchema>(schema, {
    id: "trade-lead",
    lastResult,
    defaultValue: {
      leadType: defaults.leadType,
      title: defaults.title,
      description: defaults.description,
      category: defaults.category ?? undefined,
      quantity: defaults.quantity ?? undefined,
      location: defaults.location ?? undefined,
      contactInfo: defaults.contactInfo ?? undefined,
      ...(defaults.isActive ? { isActive: "on" } : {}),
    },
  });
  const optional = t("auth.optional");
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to="/trade-leads?tab=mine" className="text-sm font-medium text-orange-800 hover:underline">
        ← {t("leads.back")}
      </Link>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold">{mode === "edit" ? t("leads.editTitle") : t("leads.createTitle")}</h1>
        <Form method="post" {...getFormProps(form)} className="mt-6 grid gap-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t("leads.leadType")}</legend>
            <div className="mt-2 flex gap-6">
              {(["buy", "sell"] as const).map((type) => (
                <label key={type} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={fields.leadType.name}
                    value={type}
                    defaultChecked={(fields.leadType.initialValue ?? "buy") === type}
                    className="h-4 w-4 accent-orange-700"
                  />
                  {type === "buy" ? t("leads.lookingToBuy") : t("leads.lookingToSell")}
                </label>
              ))}
            </div>
          </fieldset>
          <Field field={fields.title} label={t("leads.fields.title")}>
            <input {...getInputProps(fields.title, { type: "text" })} className={inputClass} />
          </Field>
          <Field field={fields.description} label={t("leads.fields.description")}>
            <textarea {...getTextareaProps(fields.description)} rows={5} className={inputClass} />
          </Field>
          <Field field={fields.category} label={t("leads.fields.category")} hint={optional}>
            <select {...getSelectProps(fields.category)} className={inputClass}>
              <option value="">{t("form.selectPlaceholder")}</option>
              {TRADE_LEAD_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(t, c)}
                </option>
              ))}
            </select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field field={fields.quantity} label={t("leads.fields.quantity")} hint={optional}>
              <input {...getInputProps(fields.quantity, { type: "text" })} className={inputClass} />
            </Field>
            <Field field={fields.location} label={t("leads.fields.location")} hint={optional}>
              <input {...getInputProps(fields.location, { type: "text" })} className={inputClass} />
            </Field>
          </div>
          <Field field={fields.contactInfo} label={t("leads.fields.contactInfo")} hint={optional}>
            <textarea {...getTextareaProps(fields.contactInfo)} rows={2} className={inputClass} />
          </Field>
          {mode === "edit" && (
            <div className="flex items-center gap-3">
              <input
                {...getInputProps(fields.isActive, { type: "checkbox" })}
                aria-describedby="active-hint"
                className="h-5 w-5 accent-orange-700"
              />
              <label htmlFor={fields.isActive.id} className="font-medium">
                {t("leads.fields.active")}
              </label>
              <span id="active-hint" className="text-sm text-slate-600">
                {t("leads.activeHint")}
              </span>
            </div>
          )}
          <SubmitButton label={mode === "edit" ? t("leads.save") : t("leads.post")} pendingLabel={t("auth.pleaseWait")} />
        </Form>
      </div>
    </div>
  );
}
