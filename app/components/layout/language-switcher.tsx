import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "~/lib/constants";
import { withSearchParam } from "~/lib/url";

/** Plain links (`?lng=`): the server remembers the choice in a cookie, so it works without JavaScript. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  return (
    <details className="dropdown relative" data-testid="language-switcher">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded px-2 py-1 hover:bg-white/10">
        <span aria-hidden="true">{current.flag}</span>
        <span>{current.name}</span>
        <span className="sr-only">: {t("header.chooseLanguage")}</span>
      </summary>
      {/* Links in a box, no list: the header is on every page, and each element costs rendering time. */}
      <div className="absolute right-0 z-30 mt-1 w-40 rounded border border-slate-200 bg-white py-1 text-slate-800 shadow-lg">
        {LANGUAGES.map((language) => (
          <a
            key={language.code}
            href={withSearchParam(location.pathname, location.search, "lng", language.code)}
            hrefLang={language.code}
            lang={language.code}
            aria-current={language.code === current.code ? "true" : undefined}
            className="flex items-center gap-2 px-3 py-1.5 hover:bg-slate-100 aria-[current]:font-semibold"
          >
            <span aria-hidden="true">{language.flag}</span>
            {language.name}
          </a>
        ))}
      </div>
    </details>
  );
}
