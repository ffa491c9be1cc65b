import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirectWithToast } from "~/lib/toast.server";
import { MY_CATALOG } from "~/lib/url";

export type CatalogWrite = "catalogCreated" | "catalogDeleted" | "productCreated" | "productUpdated" | "productDeleted";

/** The spec's success toast for a catalog write, on the way back to My Catalog (or a catalog's open list). */
export function catalogDone(context: AppLoadContext, write: CatalogWrite, to = MY_CATALOG) {
  return redirectWithToast(context, to, { type: "success", title: "catalog.toast.successTitle", description: `catalog.done.${write}` });
}
