import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withSearchParam } from "~/lib/url";

/**
 * The display currency: plain links (`?currency=`), like the language's; the server remembers the
 * choice in a cookie, so it works without JavaScript. Names come from the server, in the reader's language.
 */
export function CurrencySwitcher({ current, currencies }: { current: string | null; currencies: { code: string; name: string }[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!current || currencies.length === 0) return null;
  return (
    <details className="dropdown relative" data-testid="currency-switcher">
      <summary className="flex cursor-pointer list-none items-center gap-1 whitespace-nowrap rounded px-2 py-1 hover:bg-white/10">
        <span>{current}</span>
        <span className="sr-only">: {t("currency.choose")}</span>
      </summary>
      {/* Links in a box, no list, each one text: the header is on every page, and each element costs rendering time. */}
      <div className="absolute right-0 z-30 mt-1 w-56 rounded border border-slate-200 bg-white py-1 text-slate-800 shadow-lg">
        {currencies.map((currency) => (
          <a
            key={currency.code}
            href={withSearchParam(location.pathname, location.search, "currency", currency.code)}
            aria-current={currency.code === current ? "true" : undefined}
            className="block px-3 py-1.5 hover:bg-slate-100 aria-[current]:font-semibold"
          >
            {`${currency.code} · ${currency.name}`}
          </a>
        ))}
      </div>
    </details>
  );
}
