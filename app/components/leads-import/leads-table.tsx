import { useTranslation } from "react-i18next";
import type { ParsedLead } from "~/lib/lead-csv";

/** A stored lead: the fields the CSV rules produce, and its id. */
export type ImportedLead = ParsedLead & { id: string };

// The spec's status colours; any other status keeps its text on grey.
const STATUS_COLOURS: Record<string, string> = {
  hot: "bg-red-100 text-red-900",
  warm: "bg-orange-100 text-orange-900",
  cold: "bg-blue-100 text-blue-900",
  new: "bg-green-100 text-green-900",
  qualified: "bg-purple-100 text-purple-900",
  converted: "bg-emerald-100 text-emerald-900",
};
const OTHER_STATUS = "bg-slate-100 text-slate-800";

function statusBadgeClass(status: string) {
  return STATUS_COLOURS[status.trim().toLowerCase()] ?? OTHER_STATUS;
}

const EMPTY = "-";
/** Notes longer than this show their first lines, with a control that opens the whole note. */
const NOTES_PREVIEW_CHARS = 120;

/** A lead's notes, wrapped in their column; a long note shows its first lines until opened (no JavaScript needed). */
function LeadNotes({ notes }: { notes: string | null }) {
  const { t } = useTranslation();
  if (!notes) return EMPTY;
  if (notes.length <= NOTES_PREVIEW_CHARS) return <p className="whitespace-pre-line">{notes}</p>;
  return (
    <details className="group">
      <summary className="cursor-pointer list-none">
        {/* The preview is for the eye; screen readers get the control, then the whole note. */}
        <span aria-hidden="true" className="line-clamp-3 whitespace-pre-line group-open:hidden">
          {notes}
        </span>
        <span className="text-orange-800 underline group-open:hidden">{t("leadsImport.notes.more")}</span>
        <span className="hidden text-orange-800 underline group-open:inline">{t("leadsImport.notes.less")}</span>
      </summary>
      <p className="mt-1 whitespace-pre-line">{notes}</p>
    </details>
  );
}

// Each column wraps its text (between words; an e-mail address anywhere), so the eight columns fit
// the card at 1280 px; narrower, the table scrolls sideways within its region and every column
// stays reachable.
const cell = "px-2 py-2 align-top break-words";
const addressCell = "px-2 py-2 align-top min-w-[9rem] [overflow-wrap:anywhere]";

export function ImportedLeadsTable({ leads, labelledBy }: { leads: ImportedLead[]; labelledBy: string }) {
  const { t } = useTranslation();
  if (leads.length === 0)
    return (
      <p className="mt-6 py-10 text-center text-slate-600" data-testid="no-leads">
        {t("leadsImport.noLeads")}
      </p>
    );
  const columns = ["company", "contact", "email", "phone", "country", "industry", "status", "notes"] as const;
  return (
    // A wide table scrolls sideways: the region takes focus so keyboards can scroll it too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable (axe: scrollable-region-focusable)
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={labelledBy} data-testid="leads-table-region">
      <table className="w-full min-w-[46rem] text-left text-sm" data-testid="leads-table">
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-2 py-2 font-semibold">
                {t(`leadsImport.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <tr key={lead.id}>
              <td className={`${cell} font-medium text-slate-900`}>{lead.companyName}</td>
              <td className={cell}>{lead.contactName || EMPTY}</td>
              <td className={addressCell}>{lead.email || EMPTY}</td>
              <td className={`${cell} min-w-[7rem]`}>{lead.phone || EMPTY}</td>
              <td className={cell}>{lead.country || EMPTY}</td>
              <td className={cell}>{lead.industry || EMPTY}</td>
              <td className={cell}>
                {lead.status ? (
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusBadgeClass(lead.status)}`}
                    data-testid="status-badge"
                  >
                    {lead.status}
                  </span>
                ) : (
                  EMPTY
                )}
              </td>
              <td className={`${cell} min-w-[11rem]`} data-testid="lead-notes">
                <LeadNotes notes={lead.notes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
