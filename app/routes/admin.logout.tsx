import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { getSession, setSessionAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";

export const loader = () => redirect("/");

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request, context);
  if (session?.isAdmin) await setSessionAdmin(context, session, false);
  return redirectWithToast(context, "/", { type: "success", title: "admin.loggedOut" });
}
