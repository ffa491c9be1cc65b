import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { readForm } from "~/lib/http";
import { redirectWithToast } from "~/lib/toast.server";
import { endSession } from "~/services/session.server";

export const loader = () => redirect("/");

/** Signing out deletes the session row, and with it any admin mode. */
export async function action({ request, context }: ActionFunctionArgs) {
  await readForm(request);
  const cookie = await endSession(request, context);
  return redirectWithToast(context, "/", { type: "success", title: "auth.signedOut" }, { headers: { "Set-Cookie": cookie } });
}
