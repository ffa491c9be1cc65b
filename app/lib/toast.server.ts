import { createCookieSessionStorage, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { COOKIE_NAMES, signedCookie } from "~/lib/cookies";

/** A toast names translation keys, so it shows in the language of the page that displays it. */
export interface Toast {
  type: "success" | "error";
  title: string;
  description?: string;
  values?: Record<string, string | number>;
}

const FLASH_KEY = "toast" as const;

/** The flash cookie; Secure and `__Host-` outside localhost, like the session's. */
function toastStorage(local: boolean, secret: string) {
  return createCookieSessionStorage<Record<string, never>, { toast: Toast }>({ cookie: signedCookie(local, COOKIE_NAMES.toast, secret) });
}

/** The redirect carries its toast; the URL must be one of ours (a path or safeRedirect's answer). */
export async function redirectWithToast(context: AppLoadContext, url: string, toast: Toast, init: ResponseInit = {}) {
  const storage = toastStorage(context.local, context.env.SESSION_SECRET);
  const session = await storage.getSession();
  session.flash(FLASH_KEY, toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await storage.commitSession(session));
  return redirect(url, { ...init, headers });
}

/**
 * Reads and clears the pending toast: the returned header must go out with the response. A
 * toast cookie that does not verify is ignored, like any other forged cookie.
 */
export async function takeToast(context: AppLoadContext, request: Request) {
  const storage = toastStorage(context.local, context.env.SESSION_SECRET);
  try {
    const session = await storage.getSession(request.headers.get("Cookie"));
    const toast = session.get(FLASH_KEY) ?? null;
    return { toast, setCookie: toast ? await storage.destroySession(session) : null };
  } catch {
    return { toast: null, setCookie: null };
  }
}
