// R2's `put` needs a body of known length, and a part of a multipart form does not say how long it
// is. A multipart upload to R2 takes parts of a fixed size instead, so a file of unknown length can
// be written as it arrives while only one part is held.

import { joinChunks } from "~/lib/bytes";

/** R2's smallest multipart part: every part but the last must have this one size. */
const R2_PART_BYTES = 5 * 1024 * 1024;

/**
 * Writes `chunks` to `key`, holding at most one part (5 MiB) at a time: an object that fits in one
 * part is one `put`, a larger one a multipart upload of 5 MiB parts. Whatever stops it (R2, or
 * `chunks` itself throwing, as a caller refusing a file too large does) aborts the upload and is
 * rethrown; nothing is left under `key` but what a plain `put` may have written, which the
 * caller deletes with the rest. Answers the size written.
 */
export async function putChunks(bucket: R2Bucket, key: string, chunks: AsyncIterable<Uint8Array>, options: R2MultipartOptions = {}) {
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let size = 0;

  /** The first `bytes` of what is held, as one array; the rest stays held. */
  function take(bytes: number) {
    const all = joinChunks(held, heldBytes);
    held = bytes < heldBytes ? [all.slice(bytes)] : [];
    heldBytes -= bytes;
    return all.subarray(0, bytes);
  }

  try {
    for await (const chunk of chunks) {
      held.push(chunk);
      heldBytes += chunk.byteLength;
      size += chunk.byteLength;
      while (heldBytes >= R2_PART_BYTES) {
        upload ??= await bucket.createMultipartUpload(key, options);
        parts.push(await upload.uploadPart(parts.length + 1, take(R2_PART_BYTES)));
      }
    }
    if (!upload) {
      await bucket.put(key, take(heldBytes), options);
      return size;
    }
    if (heldBytes > 0) parts.push(await upload.uploadPart(parts.length + 1, take(heldBytes)));
    await upload.complete(parts);
    return size;
  } catch (error) {
    await upload?.abort().catch(() => {});
    throw error;
  }
}
