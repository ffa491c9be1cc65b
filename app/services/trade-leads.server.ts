import type { AppLoadContext } from "@remix-run/cloudflare";
import { invariantResponse } from "~/lib/http";
import { redirectWithToast } from "~/lib/toast.server";

export const MY_LEADS = "/trade-leads?tab=mine";

/**
 * Runs a lead write and answers as the spec's toasts say: 'Success' with the done message, or
 * 'Error' with the failure message when the database lets us down. A lead that is not the
 * member's is a 404.
 */
export async function writeLead(context: AppLoadContext, verb: "created" | "updated" | "deleted", write: () => Promise<boolean>) {
  let done: boolean;
  try {
    done = await write();
  } catch (error) {
    console.error(`trade lead not ${verb}`, error);
    return redirectWithToast(context, MY_LEADS, { type: "error", title: "leads.errorTitle", description: `leads.failed.${verb}` });
  }
  invariantResponse(done, 404);
  return redirectWithToast(context, MY_LEADS, { type: "success", title: "auth.successTitle", description: `leads.done.${verb}` });
}
