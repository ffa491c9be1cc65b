import { json } from "@remix-run/cloudflare";
import { CATALOG_IMAGE_MAX_BYTES, CATALOG_PRODUCT_FORM_MAX_BYTES, MAX_IMAGES_PER_CATALOG_PRODUCT } from "~/lib/constants";
import { readForm } from "~/lib/http";
import { catalogImageKey, catalogImageKeyOf, catalogImageUrl, detectImageType, IMAGE_SNIFF_BYTES, IMAGE_TYPES } from "~/lib/images";
import { MultipartError, multipartBoundary, readMultipart, readPartText, type MultipartPart } from "~/lib/multipart.server";

/** The product form's file input. */
export const IMAGES_FIELD = "images";
const FIELD_MAX_BYTES = 64 * 1024;

export type ImageProblem = "tooMany" | "notAnImage" | "tooLarge" | "storage";

export type ProductUpload =
  | { ok: true; form: FormData; imageUrls: string[]; keys: string[] }
  | { ok: false; form: FormData; problem: ImageProblem };

class ImageRefused extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

function concat(chunks: Uint8Array[], length: number) {
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/**
 * Reads one file part and stores it, or refuses it as soon as its first bytes are not an image
 * or it passes the size cap: nothing past that point is read into memory. R2 needs a body of
 * known length and browsers do not say how long a part is, so each accepted image (at most 5 MB)
 * is held until its part ends, then written; the request as a whole is never held.
 */
async function storeImage(bucket: R2Bucket, catalogId: string, part: MultipartPart) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let extension: ReturnType<typeof detectImageType> = null;
  for await (const chunk of part.chunks()) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > CATALOG_IMAGE_MAX_BYTES) throw new ImageRefused("tooLarge");
    if (!extension && size >= IMAGE_SNIFF_BYTES) {
      extension = detectImageType(concat(chunks, size).subarray(0, IMAGE_SNIFF_BYTES));
      if (!extension) throw new ImageRefused("notAnImage");
    }
  }
  if (size === 0) return null; // an empty file input
  extension ??= detectImageType(concat(chunks, size));
  if (!extension) throw new ImageRefused("notAnImage");
  const key = catalogImageKey(catalogId, extension);
  try {
    await bucket.put(key, concat(chunks, size), { httpMetadata: { contentType: IMAGE_TYPES[extension] } });
  } catch (error) {
    console.error("catalog image not stored", error);
    throw new ImageRefused("storage");
  }
  return key;
}

/**
 * The add-product form, read as it streams in: text fields into a FormData for the schema,
 * images checked (count, magic bytes, size) and written to R2 one by one under
 * `{catalogId}/{timestamp-random}.{ext}`. When anything is refused, the images already written
 * are deleted before answering, so a failed upload leaves nothing behind. A body that is not a
 * form is refused with 4xx as `readForm` does.
 */
export async function receiveProductUpload(request: Request, bucket: R2Bucket, catalogId: string): Promise<ProductUpload> {
  const boundary = multipartBoundary(request.headers.get("Content-Type"));
  // A form without files (urlencoded) is read the ordinary way; it carries no images.
  if (!boundary || !request.body) return { ok: true, form: await readForm(request), imageUrls: [], keys: [] };
  if (Number(request.headers.get("Content-Length") ?? 0) > CATALOG_PRODUCT_FORM_MAX_BYTES) throw json({ message: "error.formTooLarge" }, { status: 413 });

  const form = new FormData();
  const keys: string[] = [];
  let images = 0;
  try {
    for await (const part of readMultipart(request.body, boundary, { maxBytes: CATALOG_PRODUCT_FORM_MAX_BYTES })) {
      if (part.filename === null) {
        form.append(part.name, await readPartText(part, FIELD_MAX_BYTES));
      } else if (part.name === IMAGES_FIELD) {
        // An empty file input still sends a part, with an empty name: no image.
        if (part.filename === "") continue;
        if (++images > MAX_IMAGES_PER_CATALOG_PRODUCT) throw new ImageRefused("tooMany");
        const key = await storeImage(bucket, catalogId, part);
        if (key) keys.push(key);
      }
    }
  } catch (error) {
    await deleteImages(bucket, keys);
    if (error instanceof ImageRefused) return { ok: false, form, problem: error.problem };
    if (error instanceof MultipartError) {
      throw json({ message: `error.${error.problem}` }, { status: error.problem === "formTooLarge" ? 413 : 400 });
    }
    throw error;
  }
  return { ok: true, form, imageUrls: keys.map(catalogImageUrl), keys };
}

/** Deletes stored images by key or by URL; URLs that are not ours (demo images) are skipped. */
export async function deleteImages(bucket: R2Bucket, keysOrUrls: string[]) {
  const keys = keysOrUrls.map(catalogImageKeyOf).filter((k): k is string => k !== null);
  if (keys.length) await bucket.delete(keys);
}

/** Every object under a catalog's folder, including any an interrupted request left behind. */
export async function deleteCatalogFolder(bucket: R2Bucket, catalogId: string) {
  let cursor: string | undefined;
  do {
    const listing = await bucket.list({ prefix: `${catalogId}/`, cursor, limit: 1000 });
    if (listing.objects.length) await bucket.delete(listing.objects.map((o) => o.key));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
}
