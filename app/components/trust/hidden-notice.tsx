import { useTranslation } from "react-i18next";

/** Told to the author (and admins) of content an admin hid after reports: why, and who still sees it. */
export function HiddenNotice({ reason, className = "" }: { reason: string | null; className?: string }) {
  // Nearly every card has no notice: it renders nothing, without the words' hooks.
  return reason ? <Notice reason={reason} className={className} /> : null;
}

function Notice({ reason, className }: { reason: string; className: string }) {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      className={`rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 ${className}`}
      data-testid="hidden-notice"
    >
      {t("reports.hiddenNotice", { reason })}
    </p>
  );
}
