import type { AppLoadContext } from "@remix-run/cloudflare";
import { VERIFICATION_DOC_MAX_BYTES, VERIFICATION_DOCS_MAX } from "~/lib/constants";
import { cleanFilename, detectDocumentType, DOCUMENT_TYPES } from "~/lib/uploads";
import { claimObjectKey } from "~/models/pending-objects.server";
import type { StoredDocument } from "~/models/verifications.server";

export type DocumentProblem = "tooMany" | "tooLarge" | "notADocument";

/** The translation key and status of a refused document. */
export const DOCUMENT_REFUSALS: Record<DocumentProblem, { message: string; status: number }> = {
  tooMany: { message: "trust.documents.tooMany", status: 400 },
  tooLarge: { message: "trust.documents.tooLarge", status: 413 },
  notADocument: { message: "trust.documents.notADocument", status: 400 },
};

/**
 * Checks every document first (count, size, and that its first bytes are a PDF, JPEG or PNG,
 * whatever its name says), then writes each to the private bucket under the company's folder,
 * its key claimed before the write so an interrupted request leaves nothing the sweep misses.
 */
export async function storeVerificationDocuments(
  context: AppLoadContext,
  catalogId: string,
  files: File[],
): Promise<{ ok: true; documents: StoredDocument[] } | { ok: false; problem: DocumentProblem }> {
  if (files.length > VERIFICATION_DOCS_MAX) return { ok: false, problem: "tooMany" };
  const checked = [];
  for (const file of files) {
    if (file.size > VERIFICATION_DOC_MAX_BYTES) return { ok: false, problem: "tooLarge" };
    const type = file.size > 0 ? detectDocumentType(new Uint8Array(await file.slice(0, 8).arrayBuffer())) : null;
    if (!type) return { ok: false, problem: "notADocument" };
    checked.push({ file, type });
  }
  const documents: StoredDocument[] = [];
  for (const { file, type } of checked) {
    const objectKey = `${catalogId}/${crypto.randomUUID()}.${type}`;
    await claimObjectKey(context.db, "verification-documents", objectKey);
    await context.env.VERIFICATION_DOCS.put(objectKey, file, { httpMetadata: { contentType: DOCUMENT_TYPES[type] } });
    documents.push({
      objectKey,
      filename: cleanFilename(file.name) || `document.${type}`,
      contentType: DOCUMENT_TYPES[type],
      size: file.size,
    });
  }
  return { ok: true, documents };
}

/** Deletes documents that no application refers to (the application was refused). */
export async function deleteVerificationDocuments(context: AppLoadContext, documents: StoredDocument[]) {
  if (documents.length) await context.env.VERIFICATION_DOCS.delete(documents.map((d) => d.objectKey));
}
