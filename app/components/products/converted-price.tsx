import { useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { conversionOf, type DisplayCurrency } from "~/lib/currency";
import { formatDate, formatPriceRange } from "~/lib/format";
import type { loader as rootLoader } from "~/root";

/** The reader's display currency and the rates, as the root loader read them (null outside it, e.g. on an error page). */
function useDisplayCurrency(): DisplayCurrency | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.displayCurrency ?? null;
}

/**
 * A price's conversion into the reader's display currency ('≈ €1,050.00', or a range), shown
 * beside the original; nothing when the price is already in that currency, on request, or has no rate.
 */
export function ConvertedPrice({
  amount,
  amountMax = null,
  currency,
  className = "text-xs font-normal text-slate-600",
}: {
  amount: number | null;
  amountMax?: number | null;
  currency: string;
  className?: string;
}) {
  const display = useDisplayCurrency();
  const converted = display && conversionOf(amount, amountMax, currency, display.code, display.rates);
  // Most prices on a page need no conversion: they render nothing, without the words' hooks.
  if (!converted) return null;
  return <Converted min={converted.min} max={converted.max} code={display.code} className={className} />;
}

function Converted({ min, max, code, className }: { min: number; max: number | null; code: string; className: string }) {
  const { t, i18n } = useTranslation();
  const price = formatPriceRange(min, max, code, i18n.language);
  return (
    <span className={className} data-testid="converted-price" title={t("currency.convertedTitle")}>
      {t("currency.approximately", { price })}
    </span>
  );
}

/**
 * The day of the rates the conversions on a page use, shown once under them; nothing when none of
 * the page's prices (`currencies`) is converted.
 */
export function RatesNote({ currencies, className = "mt-2 text-xs text-slate-600" }: { currencies: string[]; className?: string }) {
  const display = useDisplayCurrency();
  const { t, i18n } = useTranslation();
  if (!display?.asOf || !currencies.some((c) => c !== display.code && display.rates[c])) return null;
  return (
    <p className={className} data-testid="rates-note">
      {t("currency.ratesNote", { date: formatDate(display.asOf, i18n.language) })}
    </p>
  );
}

/**
 * Amounts in several currencies added up in the display currency ('≈ €2,310.00 in all'); nothing
 * with fewer than two currencies (each amount shows its own conversion) or a rate missing.
 */
export function ConvertedSum({
  amounts,
  className = "text-sm text-slate-700",
}: {
  amounts: { amount: number; currency: string }[];
  className?: string;
}) {
  const display = useDisplayCurrency();
  const { t, i18n } = useTranslation();
  if (!display || new Set(amounts.map((a) => a.currency)).size < 2) return null;
  let sum = 0;
  for (const { amount, currency } of amounts) {
    const converted = conversionOf(amount, null, currency, display.code, display.rates);
    if (currency !== display.code && !converted) return null;
    sum += converted ? converted.min : amount;
  }
  const price = formatPriceRange(sum, null, display.code, i18n.language);
  return (
    <p className={className} data-testid="converted-sum">
      {t("currency.sum", { price })}
    </p>
  );
}
