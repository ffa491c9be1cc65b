// A streaming multipart/form-data reader. `request.formData()` holds the whole body in memory
// before anything can be checked; this reads the body as it arrives and hands each part's bytes
// over in chunks, so a caller can refuse a file by its first bytes or its size without reading
// (or keeping) the rest of the request.

export type MultipartProblem = "badForm" | "formTooLarge";

export class MultipartError extends Error {
  constructor(readonly problem: MultipartProblem) {
    super(`multipart: ${problem}`);
  }
}

export interface MultipartPart {
  name: string;
  /** The file name a browser sent ('' for an empty file input); null for a plain field. */
  filename: string | null;
  contentType: string | null;
  /**
   * The part's bytes as they arrive. Read them (or not) before asking for the next part: what
   * is left unread is skipped.
   */
  chunks(): AsyncGenerator<Uint8Array>;
}

export interface MultipartLimits {
  /** The whole body, counted as it streams in. */
  maxBytes: number;
  maxHeaderBytes?: number;
  maxParts?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const CRLF = encoder.encode("\r\n");
const HEADER_END = encoder.encode("\r\n\r\n");

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | null) {
  const [mime = "", ...params] = (contentType ?? "").split(";").map((p) => p.trim());
  if (mime.toLowerCase() !== "multipart/form-data") return null;
  for (const param of params) {
    const match = /^boundary=(?:"([^"]{1,70})"|([^\s";]{1,70}))$/i.exec(param);
    if (match) return match[1] ?? match[2];
  }
  return null;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0) {
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(needle[0], from); i !== -1 && i <= last; i = haystack.indexOf(needle[0], i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array) {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function headerParam(header: string, name: string) {
  const match = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i").exec(header);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : match[2];
}

function parseHeaders(block: string) {
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new MultipartError("badForm");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get("content-disposition") ?? "";
  if (!/^form-data\b/i.test(disposition)) throw new MultipartError("badForm");
  const name = headerParam(disposition, "name");
  if (name === null) throw new MultipartError("badForm");
  return { name, filename: headerParam(disposition, "filename"), contentType: headers.get("content-type") ?? null };
}

/**
 * The parts of a multipart/form-data body, one at a time, as the body streams in. Throws a
 * MultipartError for a malformed body or one larger than the limit.
 */
export async function* readMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  limits: MultipartLimits,
): AsyncGenerator<MultipartPart> {
  const { maxBytes, maxHeaderBytes = 8 * 1024, maxParts = 100 } = limits;
  const reader = body.getReader();
  const dashBoundary = encoder.encode(`--${boundary}`);
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  let buffer: Uint8Array = new Uint8Array(0);
  let received = 0;
  let ended = false;

  async function fill() {
    if (ended) return false;
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    received += value.byteLength;
    if (received > maxBytes) throw new MultipartError("formTooLarge");
    buffer = concat(buffer, value);
    return true;
  }
  async function need(bytes: number) {
    while (buffer.length < bytes) if (!(await fill())) throw new MultipartError("badForm");
  }

  try {
    // The preamble, if any, runs up to the first boundary.
    let start: number;
    while ((start = indexOf(buffer, dashBoundary)) === -1) {
      if (buffer.length > maxHeaderBytes) throw new MultipartError("badForm");
      if (!(await fill())) throw new MultipartError("badForm");
    }
    buffer = buffer.subarray(start + dashBoundary.length);

    for (let parts = 0; ; parts++) {
      await need(2);
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) return; // '--': the closing boundary
      if (buffer[0] !== CRLF[0] || buffer[1] !== CRLF[1]) throw new MultipartError("badForm");
      if (parts >= maxParts) throw new MultipartError("formTooLarge");
      buffer = buffer.subarray(2);

      let headerEnd: number;
      while ((headerEnd = indexOf(buffer, HEADER_END)) === -1) {
        if (buffer.length > maxHeaderBytes) throw new MultipartError("badForm");
        if (!(await fill())) throw new MultipartError("badForm");
      }
      if (headerEnd > maxHeaderBytes) throw new MultipartError("badForm");
      const headers = parseHeaders(decoder.decode(buffer.subarray(0, headerEnd)));
      buffer = buffer.subarray(headerEnd + HEADER_END.length);

      let partDone = false;
      const nextChunk = async (): Promise<Uint8Array | null> => {
        while (!partDone) {
          const end = indexOf(buffer, delimiter);
          if (end !== -1) {
            const chunk = buffer.slice(0, end);
            buffer = buffer.subarray(end + delimiter.length);
            partDone = true;
            if (chunk.length) return chunk;
            break;
          }
          // Everything but a tail that could be the start of the delimiter belongs to the part.
          const safe = buffer.length - (delimiter.length - 1);
          if (safe > 0) {
            const chunk = buffer.slice(0, safe);
            buffer = buffer.subarray(safe);
            return chunk;
          }
          if (!(await fill())) throw new MultipartError("badForm");
        }
        return null;
      };
      yield {
        ...headers,
        async *chunks() {
          for (let chunk = await nextChunk(); chunk; chunk = await nextChunk()) yield chunk;
        },
      };
      while (await nextChunk());
    }
  } finally {
    reader.releaseLock();
  }
}

/** A plain field's text, refused past `maxBytes`. */
export async function readPartText(part: MultipartPart, maxBytes: number) {
  let bytes: Uint8Array = new Uint8Array(0);
  for await (const chunk of part.chunks()) {
    if (bytes.length + chunk.length > maxBytes) throw new MultipartError("formTooLarge");
    bytes = concat(bytes, chunk);
  }
  return decoder.decode(bytes);
}
