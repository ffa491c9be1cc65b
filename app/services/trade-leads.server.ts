import type { AppLoadContext } from "@remix-run/cloudflare";
import { invariantResponse } from "~/lib/http";
import { redirectWithToast } from "~/lib/toast.server";

const MY_LEADS = "/trade-leads?tab=mine";

/** Runs a lead write and answers with the spec's 'Success' toast; a lead that is not the member's is a 404. */
export async function writeLead(context: AppLoadContext, verb: "created" | "updated" | "deleted", write: () => Promise<boolean>) {
  invariantResponse(await write(), 404);
  return redirectWithToast(context, MY_LEADS, { type: "success", title: "auth.successTitle", description: `leads.done.${verb}` });
}
