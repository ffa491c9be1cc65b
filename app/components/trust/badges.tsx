import { useTranslation } from "react-i18next";

/** The year a company's verification began, while it holds (the scheduled run clears a lapsed one). */
export function verifiedYear(company: { verifiedSince: Date | string | number | null; verifiedUntil?: Date | string | number | null }) {
  if (company.verifiedSince === null) return null;
  if (company.verifiedUntil != null && new Date(company.verifiedUntil).getTime() <= Date.now()) return null;
  return new Date(company.verifiedSince).getUTCFullYear();
}

/** 'Verified Supplier since 2026': only for a company whose documents an admin checked, within the year. */
export function VerifiedBadge({ year }: { year: number | null }) {
  const { t } = useTranslation();
  if (year === null) return null;
  return (
    <span className="rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-900" data-testid="verified-badge">
      {t("trust.badge", { year })}
    </span>
  );
}

/** What the supplier says the company is; nothing when they have not said. */
export function BusinessTypeBadge({ businessType }: { businessType: string | null }) {
  const { t } = useTranslation();
  if (!businessType) return null;
  return (
    <span className="rounded-full bg-sky-100 px-3 py-1 text-xs font-semibold text-sky-900" data-testid="business-type">
      {t(`trust.businessTypes.${businessType}`)}
    </span>
  );
}

/** A review's three ratings, each out of five. */
export function Ratings({ review }: { review: { described: number; communication: number; delivery: number } }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap gap-x-4 text-slate-800">
      {(["described", "communication", "delivery"] as const).map((key) => (
        <li key={key}>
          {t(`reviews.criteria.${key}`)}: <span className="font-semibold">{t("reviews.outOf", { rating: review[key] })}</span>
        </li>
      ))}
    </ul>
  );
}
