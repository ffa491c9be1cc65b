import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { invariantResponse } from "~/lib/http";
import { attachmentResponse, documentDownloadName } from "~/lib/uploads";
import { getVerificationDocument } from "~/models/verifications.server";
import { requireAdmin } from "~/services/auth.server";

/**
 * A company's verification document, for admins only and always as a download (never rendered
 * in the site's origin), named by its checked type, not by its uploader; the bucket is private,
 * so nothing else serves it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const document = await getVerificationDocument(context.db, params.id ?? "", params.documentId ?? "");
  invariantResponse(document, 404);
  const object = await context.env.VERIFICATION_DOCS.get(document.objectKey);
  invariantResponse(object, 404);
  return attachmentResponse(object, {
    contentType: document.contentType,
    filename: documentDownloadName(document.id, document.contentType),
  });
}
