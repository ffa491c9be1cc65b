// Catalog images: what a file is, judged by its own first bytes, never by its
// name or the type the browser declared.

export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/** Bytes needed to tell the four formats apart. */
export const IMAGE_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image format the bytes start with, or null when they are not PNG, JPEG, WebP or GIF. */
export function detectImageType(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/** Object keys are `{catalogId}/{timestamp-random}.{ext}`: never the uploader's file name. */
export function catalogImageKey(catalogId: string, extension: ImageExtension, now = Date.now()) {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${catalogId}/${now}-${random}.${extension}`;
}

const CATALOG_IMAGE_PATH = "/images/catalog/";

/** The public URL the Worker serves an object key at. */
export function catalogImageUrl(key: string) {
  return `${CATALOG_IMAGE_PATH}${key}`;
}

const KEY = /^([0-9a-f-]{36})\/(\d{13}-[0-9a-f]{16})\.(png|jpg|webp|gif)$/;

/** The object key behind one of our image URLs (or a key itself), or null for anything else. */
export function catalogImageKeyOf(urlOrKey: string) {
  const key = urlOrKey.startsWith(CATALOG_IMAGE_PATH) ? urlOrKey.slice(CATALOG_IMAGE_PATH.length) : urlOrKey;
  return KEY.test(key) ? key : null;
}

/** The content type of a stored key, from its extension (which came from the magic bytes). */
export function contentTypeOfKey(key: string) {
  const extension = KEY.exec(key)?.[3] as ImageExtension | undefined;
  return extension ? IMAGE_TYPES[extension] : null;
}
