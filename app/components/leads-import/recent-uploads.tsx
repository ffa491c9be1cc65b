import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";

const KNOWN_STATUSES = ["uploaded", "imported", "failed"];

export interface RecentUpload {
  id: string;
  filename: string;
  uploadDate: string | number | Date;
  status: string;
}

/** The latest uploads: name (a download link, admins only reach it), date and status. */
export function RecentUploads({ uploads }: { uploads: RecentUpload[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="recent-uploads">
      <h2 id="recent-uploads" className="text-lg font-semibold">
        {t("leadsImport.recentTitle")}
      </h2>
      {uploads.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("leadsImport.noUploads")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="recent-uploads">
          {uploads.map((upload) => (
            <li key={upload.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <div className="min-w-0">
                <a
                  href={`/leads-import/files/${upload.id}`}
                  className="block truncate font-medium text-orange-800 hover:underline"
                  title={t("leadsImport.download", { file: upload.filename })}
                >
                  {upload.filename}
                </a>
                <span className="text-slate-600">{formatDate(upload.uploadDate, i18n.language)}</span>
              </div>
              <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
                {KNOWN_STATUSES.includes(upload.status) ? t(`leadsImport.statuses.${upload.status}`) : upload.status}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
