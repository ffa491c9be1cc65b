import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { invariantResponse } from "~/lib/http";
import { attachmentResponse } from "~/lib/uploads";
import { findUpload } from "~/models/lead-imports.server";
import { requireAdmin } from "~/services/auth.server";

/**
 * An uploaded file, for admins only, always as a download: never rendered by the
 * browser, so an uploaded HTML or PDF cannot run in the site's origin.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const upload = await findUpload(context.db, params.id!);
  invariantResponse(upload, 404);
  const object = await context.env.ADMIN_UPLOADS.get(upload.objectKey);
  invariantResponse(object, 404);
  return attachmentResponse(object, { contentType: upload.fileType, filename: upload.filename });
}
