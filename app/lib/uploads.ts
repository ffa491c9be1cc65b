import { UPLOAD_EXTENSIONS } from "~/lib/constants";

// What the admin upload accepts: the extension decides the kind,
// and the file's own first bytes must agree with it. Pure, so the browser and the server share it.

export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The MIME type we record and serve, chosen from the extension, never from the browser's claim. */
export const UPLOAD_MIME_TYPES: Record<UploadExtension, string> = {
  csv: "text/csv",
  txt: "text/plain",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
};

/** The translation key of the type label the upload card shows. */
export const UPLOAD_TYPE_LABELS: Record<UploadExtension, string> = {
  csv: "leadsImport.types.csv",
  txt: "leadsImport.types.txt",
  xls: "leadsImport.types.excel",
  xlsx: "leadsImport.types.excel",
  pdf: "leadsImport.types.pdf",
};

export function uploadExtension(filename: string): UploadExtension | null {
  const dot = filename.lastIndexOf(".");
  if (dot < 0) return null;
  const ext = filename.slice(dot + 1).toLowerCase();
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext) ? (ext as UploadExtension) : null;
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4: an .xlsx is a zip archive
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // an .xls is an OLE compound file

function startsWith(head: Uint8Array, signature: number[]) {
  return head.length >= signature.length && signature.every((byte, i) => head[i] === byte);
}

/**
 * Whether the file's first bytes (8 are enough) fit its extension. Text files (CSV, TXT) must not
 * start like a PDF, a zip or an OLE file; that they are valid UTF-8 is checked on the whole text.
 */
export function headMatchesExtension(ext: UploadExtension, head: Uint8Array) {
  switch (ext) {
    case "pdf":
      return startsWith(head, PDF);
    case "xlsx":
      return startsWith(head, ZIP);
    case "xls":
      return startsWith(head, OLE);
    case "csv":
    case "txt":
      return ![PDF, ZIP, OLE].some((signature) => startsWith(head, signature));
  }
}

/**
 * A file name fit to store and show: no folders, no control characters, no bidirectional
 * controls (U+202E would show 'evil\u202Efdp.exe' as 'evilexe.pdf'), bounded length.
 */
export function cleanFilename(name: string, maxLength = 255) {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what it drops
  const cleaned = base.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  if (cleaned.length <= maxLength) return cleaned;
  const ext = cleaned.slice(cleaned.lastIndexOf("."));
  return cleaned.slice(0, maxLength - ext.length) + ext;
}

/** `Content-Disposition: attachment` with an ASCII fallback name and the exact name per RFC 6266. */
export function attachmentDisposition(filename: string) {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_") || "download";
  const exact = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** Size in KB as the upload card shows it (two decimals). */
export function sizeInKb(bytes: number) {
  return (bytes / 1024).toFixed(2);
}

/** What a company's verification documents may be: told by their first bytes, never by name or claim. */
export const DOCUMENT_TYPES = { pdf: "application/pdf", jpg: "image/jpeg", png: "image/png" } as const;
export type DocumentExtension = keyof typeof DOCUMENT_TYPES;
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The name a verification document downloads under: its id and the type its first bytes were
 * checked to be, never the name it was uploaded with (`evil.html` behind a `%PDF-` header would
 * download as `evil.html`, which a browser may open as a page).
 */
export function documentDownloadName(id: string, contentType: string) {
  const extension = (Object.keys(DOCUMENT_TYPES) as DocumentExtension[]).find((ext) => DOCUMENT_TYPES[ext] === contentType) ?? "bin";
  return `document-${id}.${extension}`;
}

export function detectDocumentType(head: Uint8Array): DocumentExtension | null {
  if (startsWith(head, PDF)) return "pdf";
  if (startsWith(head, JPEG)) return "jpg";
  if (startsWith(head, PNG)) return "png";
  return null;
}

/** A stored file as a download: never rendered in the site's origin, never cached by the way. */
export function attachmentResponse(object: R2ObjectBody, { contentType, filename }: { contentType: string; filename: string }) {
  return new Response(object.body, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(object.size),
      "Content-Disposition": attachmentDisposition(filename),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
