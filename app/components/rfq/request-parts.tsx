import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConvertedPrice } from "~/components/products/converted-price";
import { CurrencyField, Field, FormErrors, inputClass, SubmitButton } from "~/components/ui/form";
import { INCOTERMS, QUOTE_VALID_DAYS, type InquiryStatus } from "~/lib/constants";
import { formatDate, formatPrice } from "~/lib/format";
import { useSchemaForm } from "~/lib/forms";
import { percentFromListing } from "~/lib/order-quantity";
import { LeadQuoteSchema, QuoteSchema } from "~/lib/schemas";

// The pieces the inbox, the buyer's requests and a request's page share.

const STATUS_STYLE: Record<InquiryStatus, string> = {
  new: "bg-sky-100 text-sky-900",
  quoted: "bg-amber-100 text-amber-900",
  accepted: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
  expired: "bg-slate-200 text-slate-800",
  closed: "bg-slate-200 text-slate-800",
};

export function StatusBadge({ status }: { status: InquiryStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`rounded-full px-3 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`} data-testid="request-status">
      {t(`rfq.status.${status}`)}
    </span>
  );
}

/** A supplier's response rate and typical time to answer, or 'New supplier' before any request. */
export function ResponseRate({ rate, minutes }: { rate: number | null; minutes: number | null }) {
  const { t } = useTranslation();
  if (rate === null) return <span data-testid="response-rate">{t("rfq.response.new")}</span>;
  const time =
    minutes === null
      ? null
      : minutes < 60
        ? t("rfq.response.minutes", { count: Math.max(1, minutes) })
        : t("rfq.response.hours", { count: Math.round(minutes / 60) });
  return (
    <span data-testid="response-rate">
      {t("rfq.response.rate", { rate })}
      {time && ` · ${t("rfq.response.time", { time })}`}
    </span>
  );
}

interface Line {
  id: string;
  productId: number | null;
  title: string;
  quantity: number;
  /** The listing's price when the request was sent (null: price on request, or a buy request). */
  unitPrice?: number | null;
  currency?: string;
}

interface Quote {
  currency: string;
  unitPrices: { lineId: string; unitPrice: number }[];
  total: number;
}

/**
 * The request's lines, with the quote's unit prices and totals beside them when there is one. The
 * listing's unit price for the quantity asked, as it was when the request was sent, stands beside
 * a quote on a listing's request (with how the quote compares to it), and always with `listed`
 * (for admins).
 */
export function LinesTable({ lines, quote, listed: forAdmin = false }: { lines: Line[]; quote: Quote | null; listed?: boolean }) {
  const { t, i18n } = useTranslation();
  const priceOf = (lineId: string) => quote?.unitPrices.find((p) => p.lineId === lineId)?.unitPrice;
  const listed = forAdmin || (!!quote && lines.some((line) => line.productId !== null));
  return (
    <table className="mt-3 w-full text-left text-sm">
      <thead className="text-slate-600">
        <tr>
          <th className="py-1 pr-3 font-medium">{t("content.requests.product")}</th>
          <th className="py-1 pr-3 font-medium">{t("content.requests.quantity")}</th>
          {listed && <th className="py-1 pr-3 font-medium">{t("content.requests.listedPrice")}</th>}
          {quote && <th className="py-1 pr-3 font-medium">{t("rfq.quote.unitPrice")}</th>}
          {quote && <th className="py-1 font-medium">{t("rfq.quote.lineTotal")}</th>}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const price = priceOf(line.id);
          return (
            <tr key={line.id} className="border-t border-slate-100" data-testid="request-line">
              <td className="py-1 pr-3">
                {line.productId ? (
                  <a href={`/product/${line.productId}`} className="text-orange-800 underline">
                    {line.title}
                  </a>
                ) : (
                  line.title
                )}
              </td>
              <td className="py-1 pr-3">{line.quantity}</td>
              {listed && (
                <td className="py-1 pr-3" data-testid="listed-price">
                  {line.unitPrice != null && line.currency
                    ? formatPrice(line.unitPrice, line.currency, i18n.language)
                    : line.productId !== null
                      ? t("products.priceOnRequest")
                      : "—"}
                </td>
              )}
              {quote && (
                <td className="py-1 pr-3" data-testid="quoted-price">
                  {price === undefined ? "—" : formatPrice(price, quote.currency, i18n.language)}
                  {price !== undefined && listed && (
                    <FromListing quoted={price} listed={line.unitPrice} sameCurrency={line.currency === quote.currency} />
                  )}
                </td>
              )}
              {quote && (
                <td className="py-1">{price === undefined ? "—" : formatPrice(price * line.quantity, quote.currency, i18n.language)}</td>
              )}
            </tr>
          );
        })}
      </tbody>
      {quote && (
        <tfoot>
          <tr className="border-t border-slate-300 font-semibold">
            <td className="py-1 pr-3" colSpan={listed ? 4 : 3}>
              {t("rfq.quote.total")}
            </td>
            <td className="py-1" data-testid="quote-total">
              {formatPrice(quote.total, quote.currency, i18n.language)}
              <ConvertedPrice amount={quote.total} currency={quote.currency} className="block text-xs font-normal text-slate-600" />
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/** '8% below the listing': how a quoted unit price compares to the listing's, when both are in one currency. */
function FromListing({ quoted, listed, sameCurrency }: { quoted: number; listed: number | null | undefined; sameCurrency: boolean }) {
  const { t } = useTranslation();
  const percent = percentFromListing(quoted, listed, sameCurrency);
  if (percent === null) return null;
  const key = percent < 0 ? "moq.compare.below" : percent > 0 ? "moq.compare.above" : "moq.compare.same";
  return (
    <span className="block text-xs text-slate-600" data-testid="from-listing">
      {t(key, { percent: Math.abs(percent) })}
    </span>
  );
}

/** A quote's status as its reader is placed: the decision is its buyer's, so others read that the buyer is awaited. */
export function quoteStatusKey(status: "sent" | "accepted" | "not_chosen" | "declined", asBuyer: boolean) {
  return status === "sent" && !asBuyer ? "rfq.quoteStatus.awaitingBuyer" : `rfq.quoteStatus.${status}`;
}

interface Terms {
  minimumOrder: number;
  leadTimeDays: number;
  incoterm: string;
  paymentTerms: string;
  validUntil: number;
  message: string | null;
  expired: boolean;
}

/** A quote's terms, as both sides read them. */
export function QuoteTerms({ quote }: { quote: Terms }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800" data-testid="quote-terms">
      <dt className="font-medium">{t("rfq.quote.minimumOrder")}</dt>
      <dd>{quote.minimumOrder}</dd>
      <dt className="font-medium">{t("rfq.quote.leadTime")}</dt>
      <dd>{t("rfq.quote.days", { count: quote.leadTimeDays })}</dd>
      <dt className="font-medium">{t("rfq.quote.incoterm")}</dt>
      <dd>{quote.incoterm}</dd>
      <dt className="font-medium">{t("rfq.quote.paymentTerms")}</dt>
      <dd>{quote.paymentTerms}</dd>
      <dt className="font-medium">{t("rfq.quote.validUntil")}</dt>
      <dd>
        {formatDate(quote.validUntil, i18n.language)}
        {quote.expired && <span className="ml-2 font-semibold text-red-800">{t("rfq.quote.expired")}</span>}
      </dd>
      {quote.message && (
        <>
          <dt className="font-medium">{t("rfq.message")}</dt>
          <dd className="whitespace-pre-line">{quote.message}</dd>
        </>
      )}
    </dl>
  );
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface QuoteDefaults {
  currency: string;
  unitPrices: { lineId: string; unitPrice: number }[];
  minimumOrder: number;
  leadTimeDays: number;
  incoterm: string;
  paymentTerms: string;
  validUntil: number;
  message: string | null;
}

/**
 * The quote form: a unit price per line, then the terms. For a buy lead (`quantity`), the quantity
 * quoted too. A plain post; JavaScript only validates first.
 */
export function QuoteForm({
  id,
  intent,
  lines,
  currency,
  quantity,
  buyRequest,
  defaults,
  start,
  lastResult,
  submitLabel,
  action,
}: {
  id: string;
  intent?: "quote" | "revise";
  lines: { id: string; title: string; quantity: number }[];
  currency: string;
  /** A buy lead's quote: the quantity suggested from the lead. */
  quantity?: number;
  /**
   * A quote on a buy request: its one line is the request, not a product, so its price reads as the
   * price of one unit, beside the quantity the buyer asked for in their own words (when they gave one).
   */
  buyRequest?: { requested: string | null };
  defaults?: QuoteDefaults | null;
  /** A first quote on a listing's request starts from the listing: the tier price of each line's quantity, its minimum order. */
  start?: Pick<QuoteDefaults, "unitPrices" | "minimumOrder">;
  lastResult: unknown;
  submitLabel: string;
  action?: string;
}) {
  const { t } = useTranslation();
  const schema = quantity === undefined ? QuoteSchema : LeadQuoteSchema;
  // Either schema's fields: TypeScript types the conditional as QuoteSchema, without a lead's quantity.
  const [form, fields] = useSchemaForm<typeof QuoteSchema | typeof LeadQuoteSchema>(schema, {
    id,
    lastResult,
    defaultValue: {
      unitPrices: lines.map((line) => String((defaults ?? start)?.unitPrices.find((p) => p.lineId === line.id)?.unitPrice ?? "")),
      currency: defaults?.currency ?? currency,
      minimumOrder: String(defaults?.minimumOrder ?? start?.minimumOrder ?? 1),
      leadTimeDays: defaults ? String(defaults.leadTimeDays) : "",
      incoterm: defaults?.incoterm ?? "FOB",
      paymentTerms: defaults?.paymentTerms ?? "",
      validUntil: day(defaults?.validUntil ?? Date.now() + QUOTE_VALID_DAYS * 24 * 60 * 60 * 1000),
      message: defaults?.message ?? "",
      ...(quantity === undefined ? {} : { quantity: String(quantity) }),
    },
  });
  const prices = fields.unitPrices.getFieldList();
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="mt-4 grid gap-4" data-testid="quote-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className="grid gap-3">
        <legend className="text-sm font-semibold text-slate-900">{t("rfq.quote.unitPrices")}</legend>
        {lines.map((line, i) => (
          <Field
            key={line.id}
            field={prices[i] ?? { id: `${id}-price-${i}`, errorId: `${id}-price-${i}-error` }}
            label={
              buyRequest ? t("rfq.quote.unitPricePerUnit") : t("rfq.quote.unitPriceFor", { title: line.title, quantity: line.quantity })
            }
            hint={buyRequest?.requested ? t("rfq.quote.buyerAsksFor", { quantity: buyRequest.requested }) : undefined}
          >
            <input
              {...(prices[i] ? getInputProps(prices[i], { type: "number" }) : { name: `unitPrices[${i}]`, type: "number" })}
              step="0.01"
              min="0.01"
              className={inputClass}
            />
          </Field>
        ))}
        {fields.unitPrices.errors?.length ? (
          <p className="text-sm text-red-700" role="alert">
            {t(fields.unitPrices.errors[0])}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {quantity !== undefined && (
          <Field field={fields.quantity} label={t("rfq.quote.quantity")}>
            <input {...getInputProps(fields.quantity, { type: "number" })} min={1} className={inputClass} />
          </Field>
        )}
        <CurrencyField field={fields.currency} label={t("catalog.product.currency")} />
        <Field field={fields.minimumOrder} label={t("rfq.quote.minimumOrder")}>
          <input {...getInputProps(fields.minimumOrder, { type: "number" })} min={1} className={inputClass} />
        </Field>
        <Field field={fields.leadTimeDays} label={t("rfq.quote.leadTimeDays")}>
          <input {...getInputProps(fields.leadTimeDays, { type: "number" })} min={1} className={inputClass} />
        </Field>
        <Field field={fields.incoterm} label={t("rfq.quote.incoterm")}>
          <select {...getSelectProps(fields.incoterm)} className={inputClass}>
            {INCOTERMS.map((term) => (
              <option key={term} value={term}>
                {term}
              </option>
            ))}
          </select>
        </Field>
        <Field field={fields.paymentTerms} label={t("rfq.quote.paymentTerms")}>
          <input
            {...getInputProps(fields.paymentTerms, { type: "text" })}
            placeholder={t("rfq.quote.paymentTermsPlaceholder")}
            className={inputClass}
          />
        </Field>
        <Field field={fields.validUntil} label={t("rfq.quote.validUntil")}>
          <input {...getInputProps(fields.validUntil, { type: "date" })} className={inputClass} />
        </Field>
      </div>
      <Field field={fields.message} label={t("rfq.message")} hint={t("auth.optional")}>
        <textarea {...getTextareaProps(fields.message)} rows={3} className={inputClass} />
      </Field>
      <SubmitButton intent={intent} label={submitLabel} pendingLabel={t("auth.pleaseWait")} />
    </Form>
  );
}
