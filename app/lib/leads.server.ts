import type { Submission } from "@conform-to/react";
import { json, type AppLoadContext } from "@remix-run/cloudflare";
import { redirectWithToast } from "~/lib/toast.server";

export const MY_LEADS = "/trade-leads?tab=mine";

/**
 * Runs a lead write and answers as the spec's toasts say: 'Success' with the done message, or
 * 'Error' with the failure message when the database lets us down. Validation errors stay in
 * the form (400).
 */
export async function writeLead<Input, Value>(
  context: AppLoadContext,
  submission: Submission<Input, string[], Value>,
  verb: "created" | "updated" | "deleted",
  write: (value: Value) => Promise<boolean>,
) {
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  let done: boolean;
  try {
    done = await write(submission.value);
  } catch (error) {
    console.error(`trade lead not ${verb}`, error);
    return redirectWithToast(context, MY_LEADS, { type: "error", title: "leads.errorTitle", description: `leads.failed.${verb}` });
  }
  if (!done) throw json(null, { status: 404 });
  return redirectWithToast(context, MY_LEADS, { type: "success", title: "auth.successTitle", description: `leads.done.${verb}` });
}
