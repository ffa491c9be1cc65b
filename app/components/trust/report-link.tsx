import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReportTarget } from "~/lib/constants";

/** "Report": to the report form for this company, listing, lead, post or message, and back here after. */
export function ReportLink({ type, id, className = "" }: { type: ReportTarget; id: string | number; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const query = new URLSearchParams({ type, id: String(id), returnTo: location.pathname + location.search });
  return (
    <Link
      to={`/report?${query}`}
      rel="nofollow"
      className={`text-sm text-slate-700 underline hover:text-red-800 ${className}`}
      data-testid="report-link"
    >
      {t("reports.link")}
    </Link>
  );
}
