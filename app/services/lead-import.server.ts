import type { AppLoadContext } from "@remix-run/cloudflare";
import { ADMIN_UPLOAD_FOLDER, UPLOAD_MAX_BYTES } from "~/lib/constants";
import { parseLeadsCsv, type CsvProblem, type ParsedLead } from "~/lib/lead-csv";
import { cleanFilename, headMatchesExtension, UPLOAD_MIME_TYPES, uploadExtension } from "~/lib/uploads";
import { recordUpload, type UploadStatus } from "~/models/lead-imports.server";
import { claimObjectKey } from "~/models/pending-objects.server";

export type ImportOutcome =
  | { ok: false; problem: CsvProblem; status: number }
  | { ok: true; filename: string; csv: false }
  | {
      ok: true;
      filename: string;
      csv: true;
      imported: number;
      /** Rows that matched leads already imported (same company name and e-mail): skipped, or imported again. */
      alreadyImported: number;
      skippedAlreadyImported: boolean;
      errors: CsvProblem[];
      errorCount: number;
    };

/** Decodes the whole file as UTF-8, refusing invalid bytes; the BOM is dropped by the decoder. */
async function utf8Text(file: File) {
  let text = "";
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const reader = file.stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } catch {
    return null;
  }
  // A text file has no NUL bytes; binary data that happens to be valid UTF-8 has.
  return text.includes("\u0000") ? null : text;
}

const refuse = (key: string, values?: CsvProblem["values"], status = 400): ImportOutcome => ({
  ok: false,
  problem: { key, values },
  status,
});

/**
 * The admin upload: the file is checked (size, extension, its own first bytes, UTF-8 for text),
 * its key claimed, the file stored in R2 under the upload's own id (`{userId or admin}/{id}.{ext}`:
 * uploads at the same moment never share an object), then recorded with a CSV's valid rows in
 * one batch. If recording fails the object is removed at once; if the Worker is stopped between
 * the two, the scheduled sweep removes the claimed object.
 */
export async function importUpload(
  context: AppLoadContext,
  userId: string | null,
  file: File,
  { skipAlreadyImported = false } = {},
): Promise<ImportOutcome> {
  const ext = uploadExtension(file.name);
  if (!ext) return refuse("leadsImport.errors.type");
  if (file.size > UPLOAD_MAX_BYTES) return refuse("leadsImport.errors.tooLarge", { max: UPLOAD_MAX_BYTES }, 413);
  if (file.size === 0) return refuse("leadsImport.errors.empty");
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (!headMatchesExtension(ext, head)) return refuse("leadsImport.errors.contentMismatch");

  let rows: ParsedLead[] = [];
  let parsed: ReturnType<typeof parseLeadsCsv> | null = null;
  if (ext === "csv" || ext === "txt") {
    const text = await utf8Text(file);
    if (text === null) return refuse("leadsImport.errors.notText");
    if (ext === "csv") {
      parsed = parseLeadsCsv(text);
      rows = parsed.leads;
    }
  }

  const filename = cleanFilename(file.name) || `upload.${ext}`;
  const id = crypto.randomUUID();
  const objectKey = `${userId ?? ADMIN_UPLOAD_FOLDER}/${id}.${ext}`;
  const { db, env } = context;
  const status: UploadStatus = !parsed ? "uploaded" : rows.length > 0 ? "imported" : "failed";
  await claimObjectKey(db, "admin-uploads", objectKey);
  await env.ADMIN_UPLOADS.put(objectKey, file, { httpMetadata: { contentType: UPLOAD_MIME_TYPES[ext] }, customMetadata: { uploadId: id } });
  const record = { id, userId, filename, fileType: UPLOAD_MIME_TYPES[ext], fileSize: file.size, objectKey, status };
  const { alreadyImported, inserted } = await recordUpload(db, record, rows, skipAlreadyImported).catch(async (error: unknown) => {
    await env.ADMIN_UPLOADS.delete(objectKey); // nothing refers to it: the error goes on
    throw error;
  });
  if (!parsed) return { ok: true, filename, csv: false };
  return {
    ok: true,
    filename,
    csv: true,
    imported: inserted,
    alreadyImported,
    skippedAlreadyImported: skipAlreadyImported,
    errors: parsed.errors,
    errorCount: parsed.errorCount,
  };
}
