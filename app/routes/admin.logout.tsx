import { type ActionFunctionArgs, redirect } from "@remix-run/cloudflare";
import { readForm } from "~/lib/http";
import { redirectWithToast } from "~/lib/toast.server";
import { safeRedirect } from "~/lib/url";
import { setAdminMode } from "~/services/session.server";

export const loader = () => redirect("/");

/**
 * Leaving admin mode rotates the session id too (or ends a session that was only admin mode).
 * A screen may name where to go next (the CMS goes back to the admin gate).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const setCookie = await setAdminMode(request, context, false);
  return redirectWithToast(
    context,
    safeRedirect(form.get("redirectTo"), "/"),
    { type: "success", title: "admin.loggedOut" },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : {},
  );
}
