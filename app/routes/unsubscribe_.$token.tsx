import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { invariantResponse } from "~/lib/http";
import { UnsubscribeSchema } from "~/lib/schemas";
import { parseSubmission } from "~/lib/submission.server";
import { subscriptionOf, unsubscribe } from "~/services/email.server";

// The unsubscribe links of e-mails written before the token moved out of the path (request logs
// and page views keep the path): they keep working. New e-mails link to /unsubscribe?token=….

/** Opening an old link: the page at its new address. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/unsubscribe?${new URLSearchParams({ token: params.token ?? "" })}`);
}

/**
 * A mail client's one-click POST (RFC 8058) to an old link's List-Unsubscribe address. No page
 * renders here (people are sent to the new address, where the page and its button are), so a
 * body that is not the one-click form is refused as data.
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, UnsubscribeSchema);
  if (submission.status !== "success") return Response.json({ message: "error.badForm" }, { status: 400 });
  const subscription = await subscriptionOf(context.db, context.env.SESSION_SECRET, params.token ?? "");
  invariantResponse(subscription, 404);
  await unsubscribe(context.db, subscription);
  return { done: true };
}
