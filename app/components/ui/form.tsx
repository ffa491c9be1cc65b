import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CURRENCIES } from "~/lib/constants";

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-orange-600 focus:outline-none focus:ring-2 focus:ring-orange-600/40 aria-[invalid]:border-red-700";

/** What a labelled control needs of its field: conform's `FieldMetadata` of any type has it. */
export interface FieldLike {
  id: string;
  errors?: string[];
  errorId: string;
}

/**
 * A labelled control with its error next to it; errors are translation keys, filled in with
 * `errorValues` when a message names something the page knows (a listing's minimum order).
 */
export function Field({
  field,
  label,
  hint,
  errorValues,
  children,
}: {
  field: FieldLike;
  label: string;
  hint?: string;
  errorValues?: Record<string, string | number>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
        {hint && <span className="ml-1 font-normal text-slate-600">{hint}</span>}
      </label>
      {children}
      {field.errors?.length ? (
        <p id={field.errorId} className="mt-1 text-sm text-red-700" role="alert">
          {t(field.errors[0], errorValues)}
        </p>
      ) : null}
    </div>
  );
}

/** Form-wide errors (rate limits, wrong credentials, 'Please fill in all required fields'). */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="form-error">
      {errors.map((error) => (
        <p key={error}>{t(error)}</p>
      ))}
    </div>
  );
}

/** Disabled with a pending label while this form's submission is under way (JavaScript on). */
export function SubmitButton({
  label,
  pendingLabel,
  intent,
  className = "",
}: {
  label: string;
  pendingLabel: string;
  intent?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && (!intent || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={pending}
      className={`w-full rounded-md bg-orange-700 px-4 py-2.5 font-semibold text-white hover:bg-orange-800 disabled:cursor-wait disabled:opacity-70 ${className}`}
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/** A field people never see or reach; bots that fill it are turned away. */
export function Honeypot() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>{t("form.honeypot")}</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/**
 * A password input's ref that empties the field whenever the server answers a submission: the
 * server never echoes passwords, and with JavaScript on the browser would otherwise keep it.
 */
export function useClearedOnAnswer(answer: unknown) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (answer && ref.current) ref.current.value = "";
  }, [answer]);
  return ref;
}

/** A choice among the currencies a price or a quote may be given in, with its label and error. */
export function CurrencyField({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  return (
    <Field field={field} label={label}>
      <select {...getSelectProps(field)} className={inputClass}>
        {CURRENCIES.map((currency) => (
          <option key={currency} value={currency}>
            {currency}
          </option>
        ))}
      </select>
    </Field>
  );
}
