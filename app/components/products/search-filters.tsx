import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { inputClass } from "~/components/ui/form";
import {
  CATEGORY_FILTER_MAX_LENGTH,
  LEAD_TIME_DAYS_MAX,
  PRICE_FILTER_MAX,
  SEARCH_TERM_MAX_LENGTH,
  TRADE_QUANTITY_MAX,
  type BusinessKind,
  type ProductSort,
} from "~/lib/constants";

// The filters of /products: one GET form (it works without JavaScript; every value is in the
// URL), each option with how many listings of the current search it would leave, and the active
// filters as links that remove themselves.

interface Option<T> {
  value: T;
  count: string;
}

export interface SearchFiltersData {
  search: string | null;
  category: string | null;
  sort: ProductSort;
  sorts: ProductSort[];
  currency: string;
  urlCurrency: string | null;
  values: {
    priceMin: number | null;
    priceMax: number | null;
    moqMax: number | null;
    leadTimeMax: number | null;
    verified: boolean;
    samples: boolean;
    businessType: BusinessKind | null;
    responseRate: number | null;
  };
  options: {
    countries: (Option<string> & { label: string; checked: boolean })[];
    verified: string;
    samples: string;
    businessTypes: (Option<BusinessKind> & { label: string })[];
    responseRates: Option<number>[];
  };
}

const legendClass = "text-sm font-semibold text-slate-900";
const choiceClass = "flex items-center gap-2 text-sm text-slate-800";

export function SearchFilters({ data }: { data: SearchFiltersData }) {
  const { t } = useTranslation();
  const { values, options } = data;
  // An option and the listings it would leave: "China (1,204)", one text (a page has dozens of options).
  const option = (label: string, shown: string) => `${label} (${shown})`;
  return (
    <Form method="get" action="/products" role="search" className="space-y-5" data-testid="search-filters">
      <h2 className="text-lg font-semibold">{t("filters.title")}</h2>
      <div>
        <label htmlFor="filter-search" className={legendClass}>
          {t("filters.searchLabel")}
        </label>
        <input
          id="filter-search"
          name="search"
          type="search"
          defaultValue={data.search ?? ""}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          className={`${inputClass} mt-1`}
        />
      </div>
      <div>
        <label htmlFor="filter-category" className={legendClass}>
          {t("filters.category")}
        </label>
        <input
          id="filter-category"
          name="category"
          defaultValue={data.category ?? ""}
          maxLength={CATEGORY_FILTER_MAX_LENGTH}
          className={`${inputClass} mt-1`}
        />
      </div>
      <div>
        <label htmlFor="filter-sort" className={legendClass}>
          {t("filters.sort")}
        </label>
        <select id="filter-sort" name="sort" defaultValue={data.sort} className={`${inputClass} mt-1`}>
          {data.sorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(`filters.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className={legendClass}>{t("filters.country")}</legend>
        {options.countries.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t("filters.noCountries")}</p>
        ) : (
          <div className="mt-1 max-h-64 space-y-1 overflow-y-auto" data-testid="country-options">
            {options.countries.map((country) => (
              <label key={country.value} className={choiceClass}>
                <input type="checkbox" name="country" value={country.value} defaultChecked={country.checked} />
                {option(country.label, country.count)}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <fieldset>
        <legend className={legendClass}>{t("filters.price", { currency: data.currency })}</legend>
        {data.urlCurrency && <input type="hidden" name="currency" value={data.urlCurrency} />}
        <div className="mt-1 grid grid-cols-2 gap-2">
          <label className="text-sm text-slate-800">
            {t("filters.priceMin")}
            <input
              name="price_min"
              type="number"
              min={0}
              max={PRICE_FILTER_MAX}
              step="any"
              inputMode="decimal"
              defaultValue={values.priceMin ?? ""}
              className={inputClass}
            />
          </label>
          <label className="text-sm text-slate-800">
            {t("filters.priceMax")}
            <input
              name="price_max"
              type="number"
              min={0}
              max={PRICE_FILTER_MAX}
              step="any"
              inputMode="decimal"
              defaultValue={values.priceMax ?? ""}
              className={inputClass}
            />
          </label>
        </div>
      </fieldset>
      <div>
        <label htmlFor="filter-moq" className={legendClass}>
          {t("filters.moqMax")}
        </label>
        <input
          id="filter-moq"
          name="moq_max"
          type="number"
          min={0}
          max={TRADE_QUANTITY_MAX}
          step={1}
          inputMode="numeric"
          defaultValue={values.moqMax ?? ""}
          className={`${inputClass} mt-1`}
        />
      </div>
      <label className={choiceClass}>
        <input type="checkbox" name="verified" value="1" defaultChecked={values.verified} />
        {option(t("filters.verified"), options.verified)}
      </label>
      <fieldset>
        <legend className={legendClass}>{t("filters.supplierType")}</legend>
        <div className="mt-1 space-y-1">
          <label className={choiceClass}>
            <input type="radio" name="business_type" value="" defaultChecked={!values.businessType} />
            {t("filters.any")}
          </label>
          {options.businessTypes.map((kind) => (
            <label key={kind.value} className={choiceClass}>
              <input type="radio" name="business_type" value={kind.value} defaultChecked={values.businessType === kind.value} />
              {option(kind.label, kind.count)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className={legendClass}>{t("filters.responseRate")}</legend>
        <div className="mt-1 space-y-1">
          <label className={choiceClass}>
            <input type="radio" name="response_rate" value="" defaultChecked={values.responseRate === null} />
            {t("filters.any")}
          </label>
          {options.responseRates.map((rate) => (
            <label key={rate.value} className={choiceClass}>
              <input type="radio" name="response_rate" value={rate.value} defaultChecked={values.responseRate === rate.value} />
              {option(t("filters.responseRateAtLeast", { rate: rate.value }), rate.count)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className={choiceClass}>
        <input type="checkbox" name="samples" value="1" defaultChecked={values.samples} />
        {option(t("filters.samples"), options.samples)}
      </label>
      <div>
        <label htmlFor="filter-lead-time" className={legendClass}>
          {t("filters.leadTimeMax")}
        </label>
        <input
          id="filter-lead-time"
          name="lead_time_max"
          type="number"
          min={0}
          max={LEAD_TIME_DAYS_MAX}
          step={1}
          inputMode="numeric"
          defaultValue={values.leadTimeMax ?? ""}
          className={`${inputClass} mt-1`}
        />
      </div>
      <button
        type="submit"
        className="w-full rounded-md bg-orange-700 px-4 py-2 font-semibold text-white hover:bg-orange-800"
        data-testid="apply-filters"
      >
        {t("filters.apply")}
      </button>
    </Form>
  );
}
