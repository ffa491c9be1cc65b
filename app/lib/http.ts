import { joinChunks } from "~/lib/bytes";
import { FORM_MAX_BYTES } from "~/lib/constants";

/**
 * Throws a response with the status when the condition fails; the route's error boundary shows
 * the spec's page for it. `invariantResponse(lead, 404)` turns a missing row into a 404.
 */
export function invariantResponse<T>(value: T, status = 404, message?: string): asserts value {
  if (!value) throw Response.json(message ? { message } : null, { status });
}

/** The client's address as Cloudflare reports it; one shared bucket when it is absent. */
export function clientAddress(request: Request) {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The request's form, read once. A body that is not a form (JSON, text, none, a multipart
 * body without a boundary or broken, another charset) or is too large is refused with 400, 413
 * or 415 and a message, before anything is written: the body is never read twice, and a bad
 * body never becomes a 500.
 */
export async function readForm(request: Request, maxBytes = FORM_MAX_BYTES): Promise<FormData> {
  try {
    return await readFormBody(request, maxBytes);
  } catch (refusal) {
    // A refused body is never read: cancel it, so the connection does not hold it open.
    if (!request.bodyUsed) await request.body?.cancel().catch(() => {});
    throw refusal;
  }
}

async function readFormBody(request: Request, maxBytes: number): Promise<FormData> {
  const [mime = "", ...params] = (request.headers.get("Content-Type") ?? "").split(";").map((part) => part.trim());
  if (!FORM_TYPES.has(mime.toLowerCase())) throw Response.json({ message: "error.notAForm" }, { status: 415 });
  const charset = params
    .find((p) => p.toLowerCase().startsWith("charset="))
    ?.slice(8)
    .replace(/"/g, "")
    .toLowerCase();
  if (charset && charset !== "utf-8" && charset !== "utf8") throw Response.json({ message: "error.notAForm" }, { status: 415 });
  if (mime.toLowerCase() === "multipart/form-data" && !params.some((p) => /^boundary=./i.test(p))) {
    throw Response.json({ message: "error.badForm" }, { status: 400 });
  }
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > maxBytes) throw Response.json({ message: "error.formTooLarge" }, { status: 413 });
  // A chunked body names no length: count its bytes as they arrive.
  const body = await readAtMost(request.body, maxBytes);
  try {
    return await new Response(body, { headers: { "Content-Type": request.headers.get("Content-Type")! } }).formData();
  } catch {
    throw Response.json({ message: "error.badForm" }, { status: 400 });
  }
}

/** A body's bytes, refused with 413 (and the rest of the stream cancelled) past `maxBytes`. */
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
      await reader.cancel().catch(() => {});
      throw Response.json({ message: "error.formTooLarge" }, { status: 413 });
    }
    chunks.push(value);
  }
  return joinChunks(chunks, size);
}
