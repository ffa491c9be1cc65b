import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { withSearchParam } from "~/lib/url";

/**
 * Previous/next links that keep the other search parameters: plain links, no JavaScript needed.
 * `capped` (more matches than the page cap lets anyone page through) adds a line asking to narrow
 * the search.
 */
export function Pagination({ page, pages, capped = false }: { page: number; pages: number; capped?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const cappedNote = capped ? (
    <p className="mt-3 text-center text-sm text-slate-700" data-testid="page-cap">
      {t("hardening.pageCap", { pages })}
    </p>
  ) : null;
  if (pages <= 1) return cappedNote;
  const href = (target: number) => withSearchParam(location.pathname, location.search, "page", target === 1 ? null : String(target));
  const linkClass = "rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100";
  return (
    <>
      <nav aria-label={t("products.pagination")} className="mt-8 flex items-center justify-center gap-4">
        {page > 1 && (
          <Link to={href(page - 1)} rel="prev" className={linkClass}>
            {t("products.previous")}
          </Link>
        )}
        <span className="text-slate-700">{t("products.pageOf", { page, pages })}</span>
        {page < pages && (
          <Link to={href(page + 1)} rel="next" className={linkClass}>
            {t("products.next")}
          </Link>
        )}
      </nav>
      {cappedNote}
    </>
  );
}
