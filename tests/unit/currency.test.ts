import { describe, expect, it } from "vitest";
import { EXCHANGE_RATE_MAX, EXCHANGE_RATE_MIN } from "~/lib/constants";
import {
  conversionOf,
  convert,
  currencyChoices,
  currencyName,
  defaultCurrencyOf,
  isCalendarDate,
  isSaneRate,
  latestToday,
} from "~/lib/currency";
import { currencyChoiceCookie, displayCurrency } from "~/lib/display-currency.server";
import { ExchangeRateSchema } from "~/lib/schemas";

const RATES = { USD: 1, EUR: 0.87, JPY: 154, INR: 88.6 };

describe("conversions", () => {
  it("convert through the dollar, and not at all without a rate", () => {
    expect(convert(87, "EUR", "USD", RATES)).toBeCloseTo(100);
    expect(convert(100, "USD", "JPY", RATES)).toBe(15_400);
    expect(convert(87, "EUR", "JPY", RATES)).toBeCloseTo(15_400);
    expect(convert(5, "GBP", "USD", RATES)).toBeNull();
    expect(convert(5, "GBP", "GBP", RATES)).toBe(5);
  });

  it("add nothing for a price on request, in the display currency already, or without a rate", () => {
    expect(conversionOf(null, null, "EUR", "USD", RATES)).toBeNull();
    expect(conversionOf(10, null, "USD", "USD", RATES)).toBeNull();
    expect(conversionOf(10, null, "GBP", "USD", RATES)).toBeNull();
    expect(conversionOf(87, null, "EUR", "USD", RATES)?.min).toBeCloseTo(100);
  });

  it("convert a range's both ends, and a range that is no range as one price", () => {
    const range = conversionOf(87, 174, "EUR", "USD", RATES);
    expect(range?.min).toBeCloseTo(100);
    expect(range?.max).toBeCloseTo(200);
    expect(conversionOf(87, 87, "EUR", "USD", RATES)?.max).toBeNull();
  });
});

describe("rates an admin types", () => {
  it("are finite numbers within the bounds", () => {
    expect(isSaneRate(0.87)).toBe(true);
    expect(isSaneRate(EXCHANGE_RATE_MIN)).toBe(true);
    expect(isSaneRate(EXCHANGE_RATE_MAX)).toBe(true);
    for (const bad of [0, -1, EXCHANGE_RATE_MIN / 2, EXCHANGE_RATE_MAX * 2, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isSaneRate(bad)).toBe(false);
  });

  it("are from real calendar days", () => {
    expect(isCalendarDate("2026-11-02")).toBe(true);
    expect(isCalendarDate("2024-02-29")).toBe(true);
    for (const bad of ["2026-02-29", "2026-13-01", "2026-11-2", "02/11/2026", "", "2026-11-02T00:00"])
      expect(isCalendarDate(bad)).toBe(false);
  });

  it("may be from today wherever it is today on Earth, never later", () => {
    const now = Date.parse("2026-11-27T12:00:00Z");
    expect(latestToday(now)).toBe("2026-11-28");
    expect(latestToday(Date.parse("2026-11-27T09:00:00Z"))).toBe("2026-11-27");
  });

  it("parse from the form, with a message on the field for each mistake", () => {
    const parse = (fields: Record<string, string>) =>
      ExchangeRateSchema.safeParse({ currency: "EUR", perUsd: "0.9", asOf: "2026-11-02", ...fields });
    expect(parse({}).data).toEqual({ currency: "EUR", perUsd: 0.9, asOf: "2026-11-02" });
    const messages = (fields: Record<string, string>) => parse(fields).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages({ perUsd: "0" })).toEqual(["perUsd: currency.admin.rateInvalid"]);
    expect(messages({ perUsd: "abc" })).toEqual(["perUsd: currency.admin.rateInvalid"]);
    expect(messages({ perUsd: "" })).toEqual(["perUsd: currency.admin.rateInvalid"]);
    expect(messages({ asOf: "2999-01-01" })).toEqual(["asOf: currency.admin.asOfInvalid"]);
    expect(messages({ currency: "USD" })).toEqual(["currency: validation.chooseOption"]);
    expect(messages({ currency: "BTC" })).toEqual(["currency: validation.chooseOption"]);
  });
});

describe("the display currency of a request", () => {
  const request = (url: string, cookie?: string) => new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} });

  it("is the URL's, then the cookie's, then the language's", () => {
    expect(displayCurrency(request("/?currency=GBP", "currency=JPY"), "en")).toBe("GBP");
    expect(displayCurrency(request("/", "currency=JPY"), "en")).toBe("JPY");
    expect(displayCurrency(request("/"), "hi")).toBe("INR");
    expect(defaultCurrencyOf("fr")).toBe("EUR");
  });

  it("reads the cookie as the session's cookies are read, and ignores unknown values", () => {
    expect(displayCurrency(request("/", "a=1; currency =JPY"), "en")).toBe("JPY");
    expect(displayCurrency(request("/?currency=jpy", "currency=XYZ"), "en")).toBe("USD");
  });

  it("is remembered only when the URL chooses one the cookie does not keep", () => {
    expect(currencyChoiceCookie(request("/?currency=EUR"))).toMatch(/^currency=EUR; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(currencyChoiceCookie(new Request("https://trade.example/?currency=EUR"))).toContain("Secure");
    expect(currencyChoiceCookie(request("/?currency=EUR", "currency=EUR"))).toBeNull();
    expect(currencyChoiceCookie(request("/?currency=XXX"))).toBeNull();
    expect(currencyChoiceCookie(request("/"))).toBeNull();
  });
});

describe("currency names", () => {
  it("come in the reader's language", () => {
    expect(currencyName("EUR", "en")).toBe("Euro");
    expect(currencyName("JPY", "fr")).toBe("yen japonais");
    expect(currencyName("USD", "zh")).toBe("美元");
    expect(currencyChoices("ja").map((c) => c.code)).toEqual(["USD", "EUR", "GBP", "CNY", "INR", "JPY"]);
  });
});
