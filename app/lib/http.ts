import { joinChunks } from "~/lib/bytes";
import { FORM_MAX_BYTES, FORM_MAX_FIELDS, FORM_MAX_SAME_NAME } from "~/lib/constants";

/**
 * Throws a response with the status when the condition fails; the route's error boundary shows
 * the spec's page for it. `invariantResponse(lead, 404)` turns a missing row into a 404.
 */
export function invariantResponse<T>(value: T, status = 404, message?: string): asserts value {
  if (!value) throw Response.json(message ? { message } : null, { status });
}

/**
 * The client's address as Cloudflare reports it, or null (only off Cloudflare: locally and in
 * tests). Limits per address skip a request without one, rather than sharing one bucket that
 * anyone could fill for everyone; the other limits still hold.
 */
export function clientAddress(request: Request) {
  return request.headers.get("CF-Connecting-IP") || null;
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * What an answer does with the rest of a body it will not read: nothing. The runtime discards
 * what is left after the answer, holding none of it. Cancelling the stream instead broke the
 * connection it came on under `wrangler dev`: the next request on it failed, a post answered 503
 * 'Your worker restarted mid-request' from wrangler's proxy and a page waited for the next
 * request to be retried (scripts/bench/early-answers.mjs measures it).
 */
function leaveBodyUnread(reader: ReadableStreamDefaultReader<Uint8Array>) {
  reader.releaseLock();
}

/**
 * The request's form, read once. A body that is not a form (JSON, text, none, a multipart
 * body without a boundary or broken, another charset) or is too large is refused with 400, 413
 * or 415 and a message, before anything is written: the body is never read twice, and a bad
 * body never becomes a 500. What a refusal leaves unread stays unread (leaveBodyUnread).
 */
export async function readForm(request: Request, maxBytes = FORM_MAX_BYTES): Promise<FormData> {
  const [mime = "", ...params] = (request.headers.get("Content-Type") ?? "").split(";").map((part) => part.trim());
  if (!FORM_TYPES.has(mime.toLowerCase())) throw Response.json({ message: "error.notAForm" }, { status: 415 });
  const charset = params
    .find((p) => p.toLowerCase().startsWith("charset="))
    ?.slice(8)
    .replace(/"/g, "")
    .toLowerCase();
  if (charset && charset !== "utf-8" && charset !== "utf8") throw Response.json({ message: "error.notAForm" }, { status: 415 });
  const boundary = params
    .find((p) => /^boundary=./i.test(p))
    ?.slice(9)
    .replace(/^"|"$/g, "");
  if (mime.toLowerCase() === "multipart/form-data" && !boundary) throw Response.json({ message: "error.badForm" }, { status: 400 });
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > maxBytes) throw Response.json({ message: "error.formTooLarge" }, { status: 413 });
  // A chunked body names no length: count its bytes as they arrive.
  const body = await readAtMost(request.body, maxBytes);
  // Fields are counted in the bytes, before any parsing: '&'-separated pairs, or boundary lines.
  const separators = boundary ? occurrences(body, new TextEncoder().encode(`--${boundary}`)) - 1 : occurrences(body, AMPERSAND) + 1;
  if (separators > FORM_MAX_FIELDS) throw tooManyFields(413);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
  } catch {
    throw Response.json({ message: "error.badForm" }, { status: 400 });
  }
  checkFieldNames(form.keys());
  return form;
}

const AMPERSAND = new Uint8Array([0x26]);
const tooManyFields = (status: 400 | 413) => Response.json({ message: "error.tooManyFields" }, { status });

/** How many times `pattern` occurs in `bytes` (without overlaps). */
function occurrences(bytes: Uint8Array, pattern: Uint8Array) {
  let found = 0;
  for (let i = bytes.indexOf(pattern[0]); i !== -1 && i <= bytes.length - pattern.length; i = bytes.indexOf(pattern[0], i + 1)) {
    let j = 1;
    while (j < pattern.length && bytes[i + j] === pattern[j]) j++;
    if (j === pattern.length) {
      found++;
      i += pattern.length - 1;
    }
  }
  return found;
}

/**
 * Refuses a form with more than FORM_MAX_FIELDS fields (413) or a name repeated more than
 * FORM_MAX_SAME_NAME times (400): both before any schema reads it. Readers that parse a body
 * themselves (the catalog's streaming upload) call it with the names they have read.
 */
export function checkFieldNames(names: Iterable<string>) {
  const seen = new Map<string, number>();
  let fields = 0;
  for (const name of names) {
    if (++fields > FORM_MAX_FIELDS) throw tooManyFields(413);
    const times = (seen.get(name) ?? 0) + 1;
    if (times > FORM_MAX_SAME_NAME) throw tooManyFields(400);
    seen.set(name, times);
  }
}

/** A body's bytes, refused with 413 past `maxBytes` (the rest left unread). */
async function readAtMost(stream: ReadableStream<Uint8Array> | null, maxBytes: number) {
  const chunks: Uint8Array[] = [];
  if (!stream) return new Uint8Array(0);
  const reader = stream.getReader();
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      leaveBodyUnread(reader);
      throw Response.json({ message: "error.formTooLarge" }, { status: 413 });
    }
    chunks.push(value);
  }
  return joinChunks(chunks, size);
}
