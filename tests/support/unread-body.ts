import { ORIGIN } from "./factories";
import { fetchWorker } from "./worker";

export const MB = 1024 * 1024;
/** What an answer "before the body is read" may have pulled: a chunk that a transport takes ahead. */
export const PULLED_BEFORE_ANSWER_MAX = 64 * 1024;

/**
 * A multipart body of `bytes` bytes, made only as it is pulled, that records how many bytes were
 * pulled: one file part (`field`, `filename`, whose content starts with `head`), never closed. An
 * answer that comes before the body is read pulls (almost) none of it, and the test never holds
 * the megabytes it claims to send.
 */
function countingMultipart(bytes: number, { field, filename, head }: { field: string; filename: string; head: string }) {
  const boundary = "----countingBoundary";
  const start = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${head}`,
  );
  const filler = new Uint8Array(64 * 1024).fill(0x41);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= bytes) return controller.close();
        const chunk = pulled === 0 ? start : filler.subarray(0, Math.min(filler.length, bytes - pulled));
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, contentType: `multipart/form-data; boundary=${boundary}`, pulled: () => pulled };
}

export interface UnreadPost {
  path: string;
  cookie?: string;
  field: string;
  filename: string;
  head: string;
  bytes: number;
  /** Whether the request says its length (a browser's form post does; a chunked upload does not). */
  declared: boolean;
}

/** Posts a counting multipart body as a same-origin browser would: the response, the bytes pulled when it came, and its text. */
export async function postUnread({ path, cookie, field, filename, head, bytes, declared }: UnreadPost) {
  const body = countingMultipart(bytes, { field, filename, head });
  const headers: Record<string, string> = { Origin: ORIGIN, Host: new URL(ORIGIN).host, "Content-Type": body.contentType };
  if (declared) headers["Content-Length"] = String(bytes);
  if (cookie) headers.Cookie = cookie;
  const response = await fetchWorker(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: body.stream,
    redirect: "manual",
    duplex: "half",
  } as RequestInit);
  const pulled = body.pulled();
  return { response, pulled, text: await response.text() };
}
