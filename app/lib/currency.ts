import { CURRENCIES, DEFAULT_CURRENCY, type LanguageCode } from "~/lib/constants";

export type Currency = (typeof CURRENCIES)[number];

/** What one US dollar buys in each currency (the `exchange_rates` table, as a plain record). */
export type Rates = Partial<Record<string, number>>;

/** The display currency a language starts with until the buyer chooses one. */
const CURRENCY_OF_LANGUAGE: Record<LanguageCode, Currency> = {
  en: "USD",
  es: "EUR",
  fr: "EUR",
  zh: "CNY",
  hi: "INR",
  ja: "JPY",
};

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

export function defaultCurrencyOf(language: LanguageCode): Currency {
  return CURRENCY_OF_LANGUAGE[language] ?? DEFAULT_CURRENCY;
}

/** An amount in one currency converted to another at the rates, or null when a rate is missing. */
export function convert(amount: number, from: string, to: string, rates: Rates) {
  if (from === to) return amount;
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) return null;
  return (amount / fromRate) * toRate;
}
