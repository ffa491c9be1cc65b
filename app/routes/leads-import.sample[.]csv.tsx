import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SAMPLE_CSV_NAME } from "~/lib/constants";
import { SAMPLE_LEADS_CSV } from "~/lib/lead-csv";
import { attachmentDisposition } from "~/lib/uploads";
import { requireAdmin } from "~/services/auth.server";

/** The sample file the page offers: the header row and three leads, as a download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return new Response(SAMPLE_LEADS_CSV, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition(SAMPLE_CSV_NAME),
      "Cache-Control": "private, no-store",
    },
  });
}
