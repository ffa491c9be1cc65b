import { MemoryCache } from "~/lib/cache";
import { CURRENCIES, DEFAULT_CURRENCY, EXCHANGE_RATE_MAX, EXCHANGE_RATE_MIN, type LanguageCode } from "~/lib/constants";

export type Currency = (typeof CURRENCIES)[number];

/** What one US dollar buys in each currency (the `exchange_rates` table, as a plain record). */
export type Rates = Partial<Record<string, number>>;

/** What a page needs to show conversions: the reader's display currency, the rates, and the day of the oldest rate. */
export interface DisplayCurrency {
  code: Currency;
  rates: Rates;
  asOf: string | null;
}

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

/**
 * A price (or the range from `price` to `priceMax`) in another currency, for showing beside the
 * original: null when there is nothing to add (price on request, the same currency, a rate missing).
 */
export function conversionOf(price: number | null, priceMax: number | null, from: string, to: string, rates: Rates) {
  if (price === null || from === to) return null;
  const min = convert(price, from, to, rates);
  if (min === null) return null;
  const max = priceMax !== null && priceMax > price ? convert(priceMax, from, to, rates) : null;
  return { min, max };
}

/** Whether a rate an admin types is one: a finite number within the bounds. */
export function isSaneRate(value: number) {
  return Number.isFinite(value) && value >= EXCHANGE_RATE_MIN && value <= EXCHANGE_RATE_MAX;
}

/** Whether `value` is a real calendar day written 'YYYY-MM-DD' (no 31 February). */
export function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date ('YYYY-MM-DD') where it is latest on Earth (UTC+14): no admin's today is later. */
export function latestToday(now = Date.now()) {
  return new Date(now + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

// Currency names per language, which cost far more to build than to use.
const currencyNamesCache = new MemoryCache<Intl.DisplayNames>({ max: 50 });

function currencyNames(locale: string) {
  let names = currencyNamesCache.get(locale);
  if (!names) currencyNamesCache.set(locale, (names = new Intl.DisplayNames([locale], { type: "currency" })));
  return names;
}

/** A currency's name in the reader's language ('euro', 'Euro', '欧元'), or its code when the runtime has none. */
export function currencyName(code: string, locale: string) {
  try {
    return currencyNames(locale).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The currencies a buyer may choose, named in their language. */
export function currencyChoices(locale: string) {
  return CURRENCIES.map((code) => ({ code, name: currencyName(code, locale) }));
}
