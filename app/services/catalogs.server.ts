import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirectWithToast } from "~/lib/toast.server";

export const MY_CATALOG = "/catalog";

export type CatalogWrite = "catalogCreated" | "catalogDeleted" | "productCreated" | "productDeleted";

/** The spec's success toast for a catalog write, on the way back to My Catalog (or a catalog's open list). */
export function catalogDone(context: AppLoadContext, write: CatalogWrite, to = MY_CATALOG) {
  return redirectWithToast(context, to, { type: "success", title: "catalog.toast.successTitle", description: `catalog.done.${write}` });
}

/** My Catalog with one catalog's product list open. */
export const catalogListUrl = (catalogId: string) => `${MY_CATALOG}?show=${encodeURIComponent(catalogId)}`;
