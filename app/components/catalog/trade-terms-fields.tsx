import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { inputClass } from "~/components/ui/form";
import {
  INCOTERMS,
  LEAD_TIME_DAYS_MAX,
  PAYMENT_TERMS,
  PORT_OF_LOADING_MAX,
  PRICE_MAX,
  PRICE_TIERS_MAX,
  PRODUCT_UNIT_NAMES,
  SPECIFICATION_NAME_MAX,
  SPECIFICATION_ROWS_MAX,
  SPECIFICATION_VALUE_MAX,
  TRADE_NOTES_MAX,
  TRADE_QUANTITY_MAX,
} from "~/lib/constants";
import { useHydrated } from "~/lib/hooks";

/** Blank specification rows the form offers below the filled ones (without JavaScript, the only way to add rows). */
const BLANK_SPECIFICATION_ROWS = 3;

type Values = Record<string, unknown> | undefined;

/** A value of the form as last sent (or the listing's), as the text an input starts with. */
function valueAt(values: Values, path: (string | number)[]): string | undefined {
  let value: unknown = values;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value === null || value === undefined || typeof value === "object" ? undefined : String(value as string | number);
}

/** A list of the form's values (one ticked checkbox arrives as a string, several as a list). */
function listAt(values: Values, key: string): string[] {
  const value = values?.[key];
  return Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : [];
}

function rowsAt(values: Values, key: string) {
  const value = values?.[key];
  return Array.isArray(value) ? value.length : 0;
}

/** One input of a row (or any input outside conform's field list): its label, its error next to it. */
function Cell({
  id,
  label,
  errors,
  srLabel = false,
  children,
}: {
  id: string;
  label: string;
  errors?: string[];
  srLabel?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className={srLabel ? "sr-only" : "block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      {children}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" role="alert">
          {t(errors[0])}
        </p>
      ) : null}
    </div>
  );
}

/** A message about a whole list of inputs (checkboxes, rows), under its legend. */
function ListError({ errors }: { errors?: string[] }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className="mt-1 text-sm text-red-700" role="alert">
      {t(errors[0])}
    </p>
  );
}

const invalid = (errors?: string[]) => (errors?.length ? ({ "aria-invalid": true } as const) : ({} as Record<string, never>));
const describedBy = (id: string, errors?: string[]) => (errors?.length ? { "aria-describedby": `${id}-error` } : {});

/**
 * The trade terms of the listing form: unit and MOQ, price tiers (rows of a quantity and a unit
 * price) or price on request, lead time, samples, supply, port, payment terms, Incoterms,
 * specification rows and notes. Plain inputs named as the schema reads them (`tiers[0].from`),
 * starting from the values last sent (or the listing's); `errors` are the form's, by field name.
 */
export function TradeTermsFields({
  formId,
  values,
  errors,
}: {
  formId: string;
  values: Values;
  errors: Record<string, string[] | undefined>;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const optional = t("auth.optional");
  const id = (name: string) => `${formId}-${name.replace(/[[\].]+/g, "-")}`;
  const [onRequest, setOnRequest] = useState(valueAt(values, ["priceOnRequest"]) === "on");
  const [samples, setSamples] = useState(valueAt(values, ["samples"]) === "on");
  const [specificationRows, setSpecificationRows] = useState(() =>
    Math.min(SPECIFICATION_ROWS_MAX, rowsAt(values, "specifications") + BLANK_SPECIFICATION_ROWS),
  );
  // A list's errors may sit on one of its items (`paymentTerms[1]`): shown by the list.
  const listErrors = (name: string) =>
    Object.entries(errors).find(([key, messages]) => (key === name || key.startsWith(`${name}[`)) && messages?.length)?.[1];
  const paymentTerms = listAt(values, "paymentTerms");
  const incoterms = listAt(values, "incoterms");

  const input = (name: string, props: Record<string, unknown> = {}) => ({
    id: id(name),
    name,
    defaultValue: valueAt(values, name.split(/[[\].]+/).filter(Boolean)),
    className: inputClass,
    ...invalid(errors[name]),
    ...describedBy(id(name), errors[name]),
    ...props,
  });
  const number = (name: string, max: number, step = "1", min = "1") =>
    input(name, { type: "number", inputMode: step === "1" ? "numeric" : "decimal", min, max, step });

  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4" data-testid="trade-terms">
      <legend className="px-1 text-sm font-semibold text-slate-900">{t("terms.title")}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Cell id={id("unit")} label={t("terms.unit")} errors={errors.unit}>
          <select {...input("unit")} defaultValue={valueAt(values, ["unit"]) ?? "piece"}>
            {PRODUCT_UNIT_NAMES.map((unit) => (
              <option key={unit} value={unit}>
                {t(`terms.units.${unit}`)}
              </option>
            ))}
          </select>
        </Cell>
        <Cell id={id("moq")} label={`${t("terms.moq")} ${t("terms.moqHint")}`} errors={errors.moq}>
          <input {...number("moq", TRADE_QUANTITY_MAX)} />
        </Cell>
      </div>

      <fieldset className="grid gap-2" data-testid="price-tiers-fields">
        <legend className="text-sm font-medium text-slate-800">
          {t("terms.tiers")} <span className="font-normal text-slate-600">{t("terms.tiersHint", { max: PRICE_TIERS_MAX })}</span>
        </legend>
        <ListError errors={errors.tiers} />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="priceOnRequest"
            defaultChecked={onRequest}
            onChange={(event) => setOnRequest(event.currentTarget.checked)}
            className="accent-orange-700"
          />
          {t("terms.priceOnRequest")}
        </label>
        {/* Disabled (and so not sent) while 'price on request' is ticked, once JavaScript runs. */}
        <fieldset disabled={hydrated && onRequest} className="grid gap-2 disabled:opacity-50">
          {Array.from({ length: PRICE_TIERS_MAX }, (_, i) => {
            const from = `tiers[${i}].from`;
            const price = `tiers[${i}].price`;
            return (
              <div key={i} className="grid grid-cols-2 gap-3" data-testid={`tier-row-${i}`}>
                <Cell id={id(from)} label={t("terms.tierFrom", { number: i + 1 })} errors={errors[from]}>
                  <input {...number(from, TRADE_QUANTITY_MAX)} placeholder={i === 0 ? t("terms.tierFromFirst") : undefined} />
                </Cell>
                <Cell id={id(price)} label={t("terms.tierPrice", { number: i + 1 })} errors={errors[price]}>
                  <input {...number(price, PRICE_MAX, "0.01", "0.01")} />
                </Cell>
              </div>
            );
          })}
        </fieldset>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Cell id={id("leadTimeMin")} label={`${t("terms.leadTimeMin")} ${optional}`} errors={errors.leadTimeMin}>
          <input {...number("leadTimeMin", LEAD_TIME_DAYS_MAX)} />
        </Cell>
        <Cell id={id("leadTimeMax")} label={`${t("terms.leadTimeMax")} ${optional}`} errors={errors.leadTimeMax}>
          <input {...number("leadTimeMax", LEAD_TIME_DAYS_MAX)} />
        </Cell>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className="mt-6 flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name="samples"
              defaultChecked={samples}
              onChange={(event) => setSamples(event.currentTarget.checked)}
              className="accent-orange-700"
            />
            {t("terms.samplesAvailable")}
          </label>
        </div>
        <Cell id={id("samplePrice")} label={`${t("terms.samplePrice")} ${t("terms.samplePriceHint")}`} errors={errors.samplePrice}>
          <input {...number("samplePrice", PRICE_MAX, "0.01", "0.01")} disabled={hydrated && !samples} />
        </Cell>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Cell id={id("supplyPerMonth")} label={`${t("terms.supplyPerMonth")} ${optional}`} errors={errors.supplyPerMonth}>
          <input {...number("supplyPerMonth", TRADE_QUANTITY_MAX)} />
        </Cell>
        <Cell id={id("portOfLoading")} label={`${t("terms.portOfLoading")} ${optional}`} errors={errors.portOfLoading}>
          <input {...input("portOfLoading", { type: "text", maxLength: PORT_OF_LOADING_MAX })} />
        </Cell>
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("terms.paymentTerms")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {PAYMENT_TERMS.map((term) => (
            <label key={term} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="paymentTerms"
                value={term}
                defaultChecked={paymentTerms.includes(term)}
                className="accent-orange-700"
              />
              {t(`terms.payment.${term}`)}
            </label>
          ))}
        </div>
        <ListError errors={listErrors("paymentTerms")} />
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("terms.incoterms")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {INCOTERMS.map((term) => (
            <label key={term} className="flex items-center gap-2">
              <input
                type="checkbox"
                name="incoterms"
                value={term}
                defaultChecked={incoterms.includes(term)}
                className="accent-orange-700"
              />
              {term}
            </label>
          ))}
        </div>
        <ListError errors={listErrors("incoterms")} />
      </fieldset>

      <fieldset className="grid gap-2" data-testid="specification-fields">
        <legend className="text-sm font-medium text-slate-800">
          {t("catalog.product.specifications")}{" "}
          <span className="font-normal text-slate-600">{t("terms.specificationsHint", { max: SPECIFICATION_ROWS_MAX })}</span>
        </legend>
        <ListError errors={errors.specifications} />
        {Array.from({ length: specificationRows }, (_, i) => {
          const name = `specifications[${i}].name`;
          const value = `specifications[${i}].value`;
          return (
            <div key={i} className="grid grid-cols-[2fr_3fr] gap-3" data-testid={`specification-row-${i}`}>
              <Cell id={id(name)} label={t("terms.specificationName", { number: i + 1 })} errors={errors[name]} srLabel>
                <input
                  {...input(name, {
                    type: "text",
                    maxLength: SPECIFICATION_NAME_MAX,
                    placeholder: t("terms.specificationNamePlaceholder"),
                  })}
                />
              </Cell>
              <Cell id={id(value)} label={t("terms.specificationValue", { number: i + 1 })} errors={errors[value]} srLabel>
                <input
                  {...input(value, {
                    type: "text",
                    maxLength: SPECIFICATION_VALUE_MAX,
                    placeholder: t("terms.specificationValuePlaceholder"),
                  })}
                />
              </Cell>
            </div>
          );
        })}
        {hydrated && specificationRows < SPECIFICATION_ROWS_MAX && (
          <button
            type="button"
            onClick={() => setSpecificationRows((n) => Math.min(SPECIFICATION_ROWS_MAX, n + 1))}
            className="justify-self-start rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t("terms.addSpecificationRow")}
          </button>
        )}
      </fieldset>

      <Cell id={id("tradeNotes")} label={`${t("terms.tradeNotes")} ${optional}`} errors={errors.tradeNotes}>
        <textarea {...input("tradeNotes", { rows: 2, maxLength: TRADE_NOTES_MAX })} />
      </Cell>
    </fieldset>
  );
}
