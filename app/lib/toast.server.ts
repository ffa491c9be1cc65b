import { createCookieSessionStorage, redirect } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";

/** A toast names translation keys, so it shows in the language of the page that displays it. */
export interface Toast {
  type: "success" | "error";
  title: string;
  description?: string;
  values?: Record<string, string | number>;
}

const FLASH_KEY = "toast" as const;
type ToastStorage = ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>>;
const storages = new Map<string, ToastStorage>();

function toastStorage(secret: string) {
  let storage = storages.get(secret);
  if (!storage) {
    storage = createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
      cookie: { name: "toast", path: "/", sameSite: "lax", httpOnly: true, secrets: [secret] },
    });
    storages.set(secret, storage);
  }
  return storage;
}

export async function redirectWithToast(context: AppLoadContext, url: string, toast: Toast, init: ResponseInit = {}) {
  const storage = toastStorage(context.env.SESSION_SECRET);
  const session = await storage.getSession();
  session.flash(FLASH_KEY, toast);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await storage.commitSession(session));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast: the returned header must go out with the response. */
export async function takeToast(context: AppLoadContext, request: Request) {
  const storage = toastStorage(context.env.SESSION_SECRET);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const toast = (session.get(FLASH_KEY)) ?? null;
  const setCookie = toast ? await storage.destroySession(session) : null;
  return { toast, setCookie };
}
