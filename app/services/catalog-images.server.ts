import { joinChunks } from "~/lib/bytes";
import { CATALOG_IMAGE_MAX_BYTES, CATALOG_PRODUCT_FORM_MAX_BYTES, MAX_IMAGES_PER_CATALOG_PRODUCT } from "~/lib/constants";
import { checkFieldNames, readForm } from "~/lib/http";
import { catalogImageKey, catalogImageKeyOf, catalogImageUrl, detectImageType, IMAGE_SNIFF_BYTES, IMAGE_TYPES } from "~/lib/images";
import { MultipartError, multipartBoundary, readMultipart, readPartText, type MultipartPart } from "~/lib/multipart.server";

/** The product form's file input. */
export const IMAGES_FIELD = "images";
const FIELD_MAX_BYTES = 64 * 1024;

export type ImageProblem = "tooMany" | "notAnImage" | "tooLarge" | "sizeMismatch" | "storage";

const IMAGE_MESSAGES: Record<ImageProblem, { formErrors?: string[]; fieldErrors?: Record<string, string[]> }> = {
  tooMany: { formErrors: ["catalog.images.tooManyTitle"], fieldErrors: { [IMAGES_FIELD]: ["catalog.images.tooMany"] } },
  notAnImage: { fieldErrors: { [IMAGES_FIELD]: ["catalog.images.notAnImage"] } },
  tooLarge: { fieldErrors: { [IMAGES_FIELD]: ["catalog.images.tooLarge"] } },
  storage: { formErrors: ["catalog.failed.productCreated"] },
  sizeMismatch: { formErrors: ["catalog.failed.productCreated"] },
};

/** The messages and status of a refused image, for `invalidSubmission`. */
export function imageRefusal(problem: ImageProblem) {
  const status = problem === "storage" ? 503 : problem === "tooLarge" ? 413 : 400;
  return [IMAGE_MESSAGES[problem], status] as const;
}

export type ProductUpload =
  { ok: true; form: FormData; imageUrls: string[]; keys: string[] } | { ok: false; form: FormData; problem: ImageProblem };

class ImageRefused extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

/**
 * Reads one image part into R2, refusing it as soon as its first bytes are not an image or it
 * passes the size cap. R2 needs a body of known length, and a multipart part does not say how
 * long it is: when the form declared the image's size beforehand (`imageSizes`, which the page
 * sends with JavaScript on), the bytes flow through a FixedLengthStream into R2 as they arrive;
 * a size that turns out wrong fails the write. Without it (a plain browser post), the image, at
 * most 5 MB, is held until its part ends and then written. The request is never held whole.
 * The key goes into `keys` and is claimed (`claim`) before writing, so a failure can always be
 * cleaned up: here, or by the scheduled sweep when the Worker itself is stopped.
 */
async function storeImage(
  bucket: R2Bucket,
  catalogId: string,
  part: MultipartPart,
  declaredSize: number | null,
  keys: string[],
  claim: (key: string) => Promise<void>,
) {
  if (declaredSize !== null && declaredSize > CATALOG_IMAGE_MAX_BYTES) throw new ImageRefused("tooLarge");
  const chunks = part.chunks();
  const head: Uint8Array[] = [];
  let size = 0;
  const take = async () => {
    const { value, done } = await chunks.next();
    if (done) return null;
    size += value.length;
    if (size > CATALOG_IMAGE_MAX_BYTES) throw new ImageRefused("tooLarge");
    return value;
  };
  for (let chunk; size < IMAGE_SNIFF_BYTES && (chunk = await take());) head.push(chunk);
  if (size === 0) return; // an empty file input
  const extension = detectImageType(joinChunks(head, size));
  if (!extension) throw new ImageRefused("notAnImage");
  const key = catalogImageKey(catalogId, extension);
  const options = { httpMetadata: { contentType: IMAGE_TYPES[extension] } };
  keys.push(key);
  await claim(key);

  if (declaredSize === null) {
    for (let chunk; (chunk = await take());) head.push(chunk);
    await bucket.put(key, joinChunks(head, size), options).catch(storageFailed);
    return;
  }
  if (declaredSize === 0) throw new ImageRefused("sizeMismatch");
  const { readable, writable } = new FixedLengthStream(declaredSize);
  const stored = bucket.put(key, readable, options);
  const writer = writable.getWriter();
  writer.closed.catch(() => {}); // an aborted write is answered below, not left unhandled
  try {
    for (const chunk of head) await writer.write(chunk);
    for (let chunk; (chunk = await take());) {
      if (size > declaredSize) throw new ImageRefused("sizeMismatch");
      await writer.write(chunk);
    }
    if (size !== declaredSize) throw new ImageRefused("sizeMismatch");
    await writer.close();
  } catch (error) {
    await writer.abort(error).catch(() => {});
    await stored.catch(() => {});
    throw error instanceof ImageRefused ? error : new ImageRefused("sizeMismatch");
  }
  await stored.catch(storageFailed);
}

function storageFailed(error: unknown): never {
  console.error("catalog image not stored", error);
  throw new ImageRefused("storage");
}

/** `imageSizes`: the byte sizes of the images that follow, comma-separated, in order. */
function declaredSizes(form: FormData) {
  const value = form.get("imageSizes");
  if (typeof value !== "string" || !/^\d{1,9}(,\d{1,9}){0,9}$/.test(value)) return [];
  return value.split(",").map(Number);
}

/**
 * The add-product form, read as it streams in: text fields into a FormData for the schema,
 * images checked (count, magic bytes, size) and written to R2 one by one under
 * `{catalogId}/{timestamp-random}.{ext}`. When anything is refused, the images already written
 * are deleted before answering, so a failed upload leaves nothing behind. A body that is not a
 * form is refused with 4xx as `readForm` does.
 */
export async function receiveProductUpload(
  request: Request,
  bucket: R2Bucket,
  catalogId: string,
  claim: (key: string) => Promise<void>,
): Promise<ProductUpload> {
  const boundary = multipartBoundary(request.headers.get("Content-Type"));
  // A form without files (urlencoded) is read the ordinary way; it carries no images.
  if (!boundary || !request.body) return { ok: true, form: await readForm(request), imageUrls: [], keys: [] };
  if (Number(request.headers.get("Content-Length") ?? 0) > CATALOG_PRODUCT_FORM_MAX_BYTES)
    throw Response.json({ message: "error.formTooLarge" }, { status: 413 });

  const form = new FormData();
  const keys: string[] = [];
  let images = 0;
  try {
    for await (const part of readMultipart(request.body, boundary, { maxBytes: CATALOG_PRODUCT_FORM_MAX_BYTES })) {
      if (part.filename === null) {
        form.append(part.name, await readPartText(part, FIELD_MAX_BYTES));
        checkFieldNames(form.keys());
      } else if (part.name === IMAGES_FIELD) {
        // An empty file input still sends a part, with an empty name: no image.
        if (part.filename === "") continue;
        if (++images > MAX_IMAGES_PER_CATALOG_PRODUCT) throw new ImageRefused("tooMany");
        await storeImage(bucket, catalogId, part, declaredSizes(form)[images - 1] ?? null, keys, claim);
      }
    }
  } catch (error) {
    await deleteImages(bucket, keys);
    if (error instanceof ImageRefused) return { ok: false, form, problem: error.problem };
    if (error instanceof MultipartError) {
      throw Response.json({ message: `error.${error.problem}` }, { status: error.problem === "formTooLarge" ? 413 : 400 });
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
