import type { AppLoadContext } from "@remix-run/cloudflare";
import { mergeGuestCartInto } from "~/lib/cart.server";
import { getSession, startSession } from "~/lib/session.server";

/**
 * What every sign-in does (password sign-in, sign-up, membership): a fresh session that keeps
 * admin mode if the visitor had unlocked it, and the guest cart merged into the account's.
 * Returns the headers to send.
 */
export async function signInAs(request: Request, context: AppLoadContext, userId: string) {
  const previous = await getSession(request, context);
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, context, { userId, isAdmin: previous?.isAdmin ?? false }));
  const dropCartCookie = await mergeGuestCartInto(request, context, userId);
  if (dropCartCookie) headers.append("Set-Cookie", dropCartCookie);
  return headers;
}
