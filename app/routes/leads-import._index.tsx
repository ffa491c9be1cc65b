import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ImportedLeadsTable } from "~/components/leads-import/leads-table";
import { RecentUploads } from "~/components/leads-import/recent-uploads";
import { UploadCard, type UploadAnswer } from "~/components/leads-import/upload-card";
import { Pagination } from "~/components/ui/pagination";
import { IMPORTED_LEADS_PAGE_SIZE, UPLOAD_MAX_BYTES } from "~/lib/constants";
import { i18nServer } from "~/lib/i18n.server";
import { pageMeta } from "~/lib/meta";
import { invalidSubmission, parseSubmission } from "~/lib/submission.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageFrom } from "~/lib/url";
import { countImportedLeads, listImportedLeads, listRecentUploads } from "~/models/lead-imports.server";
import { requireAdmin } from "~/services/auth.server";
import { importUpload } from "~/services/lead-import.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const page = pageFrom(new URL(request.url));
  const [t, total, leads, uploads] = await Promise.all([
    i18nServer.getFixedT(request),
    countImportedLeads(context.db),
    listImportedLeads(context.db, page),
    listRecentUploads(context.db),
  ]);
  return {
    title: t("leadsImport.title"),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / IMPORTED_LEADS_PAGE_SIZE)),
    leads,
    uploads,
  };
}

const UploadSchema = z.object({
  file: z.instanceof(File, { message: "leadsImport.errors.noFile" }),
  /** Rows that match leads already imported (same company name and e-mail) are left out. */
  skipAlreadyImported: z.boolean().default(false),
});
/** Room for the multipart boundaries and headers around a file of the largest allowed size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * A body without a declared length could be any size before it is refused (411); one declared
 * too large is refused at once (413), before the body is read.
 */
async function refuseUnboundedBody(request: Request, maxBytes: number) {
  const length = Number(request.headers.get("Content-Length") ?? Number.NaN);
  const refusal = Number.isNaN(length)
    ? { message: "leadsImport.errors.lengthRequired", status: 411 }
    : length > maxBytes
      ? { message: "error.formTooLarge", status: 413 }
      : null;
  if (!refusal) return;
  throw Response.json({ message: refusal.message }, { status: refusal.status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin(request, context);
  await refuseUnboundedBody(request, UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES);
  const submission = await parseSubmission(request, UploadSchema, UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES);
  if (submission.status !== "success") return invalidSubmission(submission);

  const { file, skipAlreadyImported } = submission.value;
  const outcome = await importUpload(context, user?.id ?? null, file, { skipAlreadyImported });
  if (!outcome.ok) return invalidSubmission(submission, { fieldErrors: { file: [outcome.problem.key] } }, outcome.status);
  const values = { file: outcome.filename, count: outcome.csv ? outcome.imported : 0 };
  if (outcome.csv && (outcome.errorCount > 0 || outcome.alreadyImported > 0)) {
    // Rows skipped for errors, and rows that match earlier imports, are told on the page: no redirect.
    const answer: UploadAnswer = {
      imported: outcome.imported,
      values,
      alreadyImported: { count: outcome.alreadyImported, skipped: outcome.skippedAlreadyImported },
      errors: outcome.errors,
      errorCount: outcome.errorCount,
    };
    return { answer };
  }
  const toast = outcome.csv
    ? { title: "leadsImport.toast.importedTitle", description: "leadsImport.toast.importedDescription" }
    : { title: "leadsImport.toast.storedTitle", description: "leadsImport.toast.storedDescription" };
  return redirectWithToast(context, "/leads-import", { type: "success", ...toast, values });
}

export default function LeadsImport() {
  const { total, page, pages, leads, uploads } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">{t("leadsImport.title")}</h1>
        <div className="flex flex-wrap gap-3">
          <Link to="/" className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
            {t("leadsImport.backHome")}
          </Link>
          <a
            href="/leads-import/sample.csv"
            download
            className="rounded-md bg-orange-700 px-4 py-2 font-semibold text-white hover:bg-orange-800"
          >
            {t("leadsImport.downloadSample")}
          </a>
        </div>
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <UploadCard lastResult={actionData} />
          <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="csv-instructions">
            <h2 id="csv-instructions" className="text-lg font-semibold">
              {t("leadsImport.instructionsTitle")}
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
              <li>{t("leadsImport.instructions.required")}</li>
              <li>{t("leadsImport.instructions.optional")}</li>
              <li>{t("leadsImport.instructions.comma")}</li>
              <li>{t("leadsImport.instructions.header")}</li>
            </ul>
          </section>
          <RecentUploads uploads={uploads} />
        </div>
        <section className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="imported-leads">
          <h2 id="imported-leads" className="text-lg font-semibold">
            {t("leadsImport.leadsTitle", { n: total })}
          </h2>
          <ImportedLeadsTable leads={leads} labelledBy="imported-leads" />
          <Pagination page={page} pages={pages} />
        </section>
      </div>
    </div>
  );
}
