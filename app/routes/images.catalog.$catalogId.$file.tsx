import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CATALOG_IMAGE_CACHE_CONTROL } from "~/lib/constants";
import { catalogImageKeyOf, contentTypeOfKey } from "~/lib/images";

/**
 * Catalog images from R2. A key never changes content (a new upload gets a new key), so the
 * response is cacheable for a year; a browser that revalidates with the ETag gets 304.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const key = catalogImageKeyOf(`${params.catalogId}/${params.file}`);
  if (!key) return new Response("Not Found", { status: 404 });
  // Only If-None-Match is honoured: the other preconditions mean nothing for these URLs.
  const ifNoneMatch = request.headers.get("If-None-Match");
  const onlyIf = ifNoneMatch ? new Headers({ "If-None-Match": ifNoneMatch }) : undefined;
  const object = await context.env.CATALOG_IMAGES.get(key, { onlyIf });
  if (!object) return new Response("Not Found", { status: 404 });
  const headers = new Headers({
    "Content-Type": contentTypeOfKey(key) ?? "application/octet-stream",
    "Cache-Control": CATALOG_IMAGE_CACHE_CONTROL,
    ETag: object.httpEtag,
  });
  // Without a body the precondition failed: the client's copy (If-None-Match) is current.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { headers });
}
