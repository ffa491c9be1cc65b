import type { AppLoadContext } from "@remix-run/cloudflare";
import { joinChunks } from "~/lib/bytes";
import { VERIFICATION_DOC_MAX_BYTES, VERIFICATION_DOCS_MAX } from "~/lib/constants";
import { checkFieldNames, readForm } from "~/lib/http";
import { MultipartError, multipartBoundary, readMultipart, readPartText, type MultipartPart } from "~/lib/multipart.server";
import { putChunks } from "~/lib/r2-stream.server";
import { cleanFilename, detectDocumentType, DOCUMENT_TYPES } from "~/lib/uploads";
import { claimObjectKey, releaseObjectKeys } from "~/models/pending-objects.server";
import type { StoredDocument } from "~/models/verifications.server";

export type DocumentProblem = "tooMany" | "tooLarge" | "notADocument";

/** The translation key and status of a refused document. */
export const DOCUMENT_REFUSALS: Record<DocumentProblem, { message: string; status: number }> = {
  tooMany: { message: "trust.documents.tooMany", status: 400 },
  tooLarge: { message: "trust.documents.tooLarge", status: 413 },
  notADocument: { message: "trust.documents.notADocument", status: 400 },
};

/** The apply form's file input. */
const DOCUMENTS_FIELD = "documents";
/** Room for the multipart boundaries and the text fields around the largest allowed documents. */
const VERIFICATION_FORM_MAX_BYTES = VERIFICATION_DOCS_MAX * VERIFICATION_DOC_MAX_BYTES + 256 * 1024;
const FIELD_MAX_BYTES = 64 * 1024;
/** Enough of a file's first bytes to tell a PDF, a JPEG or a PNG. */
const SNIFF_BYTES = 8;

export type VerificationUpload =
  { ok: true; form: FormData; documents: StoredDocument[] } | { ok: false; form: FormData; problem: DocumentProblem };

class DocumentRefused extends Error {
  constructor(readonly problem: DocumentProblem) {
    super(problem);
  }
}

/**
 * One document into the private bucket as it arrives: refused on its first bytes when they are
 * not a PDF, JPEG or PNG (whatever its name says) and as soon as it passes 10 MB. Its key (under
 * the company's folder, the extension from those bytes) is claimed and listed in `documents`
 * before the write, so a failure can always be cleaned up: by the caller, or by the sweep when
 * the Worker itself is stopped.
 */
async function storeDocument(context: AppLoadContext, catalogId: string, part: MultipartPart, documents: StoredDocument[]) {
  const chunks = part.chunks();
  let size = 0;
  const take = async () => {
    const { value, done } = await chunks.next();
    if (done) return null;
    size += value.byteLength;
    if (size > VERIFICATION_DOC_MAX_BYTES) throw new DocumentRefused("tooLarge");
    return value;
  };
  const head: Uint8Array[] = [];
  for (let chunk; size < SNIFF_BYTES && (chunk = await take());) head.push(chunk);
  const type = size > 0 ? detectDocumentType(joinChunks(head, size)) : null;
  if (!type) throw new DocumentRefused("notADocument");

  const document = {
    objectKey: `${catalogId}/${crypto.randomUUID()}.${type}`,
    filename: cleanFilename(part.filename ?? "") || `document.${type}`,
    contentType: DOCUMENT_TYPES[type],
    size: 0,
  };
  documents.push(document);
  await claimObjectKey(context.db, "verification-documents", document.objectKey);
  async function* rest() {
    yield* head;
    for (let chunk; (chunk = await take());) yield chunk;
  }
  document.size = await putChunks(context.env.VERIFICATION_DOCS, document.objectKey, rest(), {
    httpMetadata: { contentType: document.contentType },
  });
}

/**
 * The verification form, read as it streams in. Call it only once the asker is known to own the
 * company: the body is the last thing read. Text fields go into a FormData for the schema; each
 * document is checked and written to the private bucket as it arrives (storeDocument), at most
 * VERIFICATION_DOCS_MAX of them, so the Worker holds one 5 MiB part of one document at most,
 * never the request. When anything is refused, what was written is deleted before answering.
 * `keepDocuments: false` (an application already waits) reads past the documents and keeps none.
 * A form without files (urlencoded: the business type) is read the ordinary way.
 */
export async function receiveVerificationForm(
  request: Request,
  context: AppLoadContext,
  catalogId: string,
  { keepDocuments }: { keepDocuments: boolean },
): Promise<VerificationUpload> {
  const boundary = multipartBoundary(request.headers.get("Content-Type"));
  if (!boundary || !request.body) return { ok: true, form: await readForm(request), documents: [] };
  if (Number(request.headers.get("Content-Length") ?? 0) > VERIFICATION_FORM_MAX_BYTES)
    throw Response.json({ message: "error.formTooLarge" }, { status: 413 });

  const form = new FormData();
  const documents: StoredDocument[] = [];
  let count = 0;
  try {
    for await (const part of readMultipart(request.body, boundary, { maxBytes: VERIFICATION_FORM_MAX_BYTES })) {
      if (part.filename === null) {
        form.append(part.name, await readPartText(part, FIELD_MAX_BYTES));
        checkFieldNames(form.keys());
      } else if (part.name === DOCUMENTS_FIELD && part.filename !== "" && keepDocuments) {
        // An empty file input still sends a part, with an empty name: no document.
        if (++count > VERIFICATION_DOCS_MAX) throw new DocumentRefused("tooMany");
        await storeDocument(context, catalogId, part, documents);
      }
    }
  } catch (error) {
    await deleteVerificationDocuments(context, documents);
    if (error instanceof DocumentRefused) return { ok: false, form, problem: error.problem };
    if (error instanceof MultipartError) {
      throw Response.json({ message: `error.${error.problem}` }, { status: error.problem === "formTooLarge" ? 413 : 400 });
    }
    throw error;
  }
  return { ok: true, form, documents };
}

/** Deletes documents that no application refers to (the application was refused), and their claims. */
export async function deleteVerificationDocuments(context: AppLoadContext, documents: StoredDocument[]) {
  if (!documents.length) return;
  const keys = documents.map((d) => d.objectKey);
  await context.env.VERIFICATION_DOCS.delete(keys);
  await releaseObjectKeys(context.db, "verification-documents", keys);
}
