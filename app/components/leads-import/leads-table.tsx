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
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className="min-w-full text-left text-sm" data-testid="leads-table">
        <thead className="border-b border-slate-200 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {t(`leadsImport.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <tr key={lead.id}>
              <td className="px-3 py-2 font-medium text-slate-900">{lead.companyName}</td>
              <td className="px-3 py-2">{lead.contactName || EMPTY}</td>
              <td className="px-3 py-2">{lead.email || EMPTY}</td>
              <td className="px-3 py-2">{lead.phone || EMPTY}</td>
              <td className="px-3 py-2">{lead.country || EMPTY}</td>
              <td className="px-3 py-2">{lead.industry || EMPTY}</td>
              <td className="px-3 py-2">
                {lead.status ? (
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusBadgeClass(lead.status)}`}
                    data-testid="status-badge"
                  >
                    {lead.status}
                  </span>
                ) : (
                  EMPTY
                )}
              </td>
              <td className="max-w-[16rem] truncate px-3 py-2" title={lead.notes ?? undefined}>
                {lead.notes || EMPTY}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
