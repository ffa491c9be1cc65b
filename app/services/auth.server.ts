import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { TRUSTED_DEVICE_DAYS, TRUSTED_DEVICES_KEPT } from "~/lib/constants";
import { COOKIE_NAMES, readCookie, signedCookie } from "~/lib/cookies";
import { clientAddress } from "~/lib/http";
import { secretsEqual } from "~/lib/password.server";
import { isAdministrator, type Actor } from "~/lib/permissions";
import { clearAttempts, countAttempts, LIMITS, refundAttempts } from "~/models/rate-limits.server";
import { verifyLogin, type User } from "~/models/users.server";
import { mergeGuestCartInto } from "~/services/cart.server";
import { getSession, readRequestState, setAdminMode, startSession } from "~/services/session.server";

/** Thrown by the form strategy when the e-mail and password do not match. */
class InvalidCredentialsError extends Error {}

/** remix-auth with the form strategy; built per request because it needs the request's database. */
function authenticator(context: AppLoadContext) {
  return new Authenticator<User>().use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "")
        .trim()
        .toLowerCase();
      const user = await verifyLogin(context.db, email, String(form.get("password") ?? ""));
      if (!user) throw new InvalidCredentialsError();
      return user;
    }),
    "form",
  );
}

/** The signed-in user, or null. */
export async function getUser(request: Request, context: AppLoadContext) {
  return (await readRequestState(request, context)).viewer.user;
}

/** Who is asking, as app/lib/permissions.ts's rules take it: the member (or null) and admin mode. */
export async function getActor(request: Request, context: AppLoadContext): Promise<Actor & { user: User | null }> {
  const { session, user } = (await readRequestState(request, context)).viewer;
  return { user, admin: isAdministrator(!!session?.isAdmin, user?.plan) };
}

/** Admin mode: a session unlocked with the admin password, or a profile whose plan is admin. */
export async function isAdmin(request: Request, context: AppLoadContext) {
  return (await getActor(request, context)).admin;
}

function here(request: Request) {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export async function requireUser(request: Request, context: AppLoadContext) {
  const user = await getUser(request, context);
  if (!user) throw redirect(`/auth?redirectTo=${encodeURIComponent(here(request))}`);
  return user;
}

/** Admin screens: without admin mode the visitor is sent to the admin login, then back. */
export async function requireAdmin(request: Request, context: AppLoadContext) {
  if (!(await isAdmin(request, context))) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(here(request))}`);
  return getUser(request, context);
}

/**
 * What every sign-in does (password sign-in, sign-up, membership): a fresh session that keeps
 * admin mode if the visitor had unlocked it, and the guest cart merged into the account's.
 * Returns the headers to send, or null when the account was suspended meanwhile (no session).
 */
export async function signInAs(request: Request, context: AppLoadContext, userId: string) {
  const previous = await getSession(request, context);
  const setCookie = await startSession(request, context, { userId, isAdmin: previous?.isAdmin ?? false });
  if (!setCookie) return null;
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  const dropCartCookie = await mergeGuestCartInto(request, context, userId);
  if (dropCartCookie) headers.append("Set-Cookie", dropCartCookie);
  return headers;
}

// Sign-in protection after OWASP's device cookies: a client that has signed in to an account
// before carries a signed cookie naming it, and keeps a budget of its own that failures from
// elsewhere never spend. Other clients are limited per account and per address, so an attacker
// can lock out only untrusted clients, never the owner on their own device.

type TrustedDevice = { account: string; nonce: string };

function deviceCookie(request: Request, context: AppLoadContext) {
  return signedCookie(context.local, COOKIE_NAMES.device, context.env.SESSION_SECRET, { maxAge: TRUSTED_DEVICE_DAYS * 86_400 });
}

async function accountKey(email: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`device:${email}`));
  return btoa(String.fromCharCode(...new Uint8Array(digest))).slice(0, 22);
}

async function trustedDevices(request: Request, context: AppLoadContext): Promise<TrustedDevice[]> {
  const value = await readCookie(deviceCookie(request, context), request);
  if (!Array.isArray(value)) return [];
  return value
    .filter((d): d is TrustedDevice => typeof d?.account === "string" && typeof d?.nonce === "string")
    .slice(0, TRUSTED_DEVICES_KEPT);
}

export type SignInResult = { ok: true; headers: Headers } | { ok: false; reason: "limited" | "invalid" };

/** Checks the password under the sign-in limits and, when it matches, starts the member's session. */
export async function signInWithPassword(request: Request, context: AppLoadContext, form: FormData, email: string): Promise<SignInResult> {
  const { db } = context;
  const [devices, account] = await Promise.all([trustedDevices(request, context), accountKey(email)]);
  const device = devices.find((d) => d.account === account);
  const perClient = { limit: LIMITS.signInPerClient, subject: clientAddress(request) };
  // Every try counts before the password is checked, so tries that arrive together cannot pass
  // the limit; a right password takes its try back.
  const attempts = device
    ? [{ limit: LIMITS.signInPerDevice, subject: device.nonce }]
    : [{ limit: LIMITS.signInPerEmail, subject: email }, perClient];
  if ((await countAttempts(db, attempts)).limited) return { ok: false, reason: "limited" };

  // The strategy reads the body itself; it gets a copy of the form already read, never a clone.
  const body = new URLSearchParams([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  let user: User;
  try {
    user = await authenticator(context).authenticate("form", new Request(request.url, { method: "POST", body }));
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    return { ok: false, reason: "invalid" };
  }

  const trusted = device ?? { account, nonce: crypto.randomUUID() };
  const [headers] = await Promise.all([
    signInAs(request, context, user.id),
    clearAttempts(db, LIMITS.signInPerEmail, email),
    device ? clearAttempts(db, LIMITS.signInPerDevice, device.nonce) : refundAttempts(db, [perClient]),
  ]);
  // Suspended after the password matched: answered as any refused sign-in is.
  if (!headers) return { ok: false, reason: "invalid" };
  const kept = [trusted, ...devices.filter((d) => d.account !== account)].slice(0, TRUSTED_DEVICES_KEPT);
  headers.append("Set-Cookie", await deviceCookie(request, context).serialize(kept));
  return { ok: true, headers };
}

export type AdminUnlockResult = { ok: true; setCookie: string } | { ok: false; reason: "limited" | "invalid" };

/**
 * The admin gate: the Worker secret, compared in constant time, with tries limited per client and
 * for the gate as a whole, counted before the password is compared; the right one takes its try
 * back. A match puts the visitor's session in admin mode under a new id.
 */
export async function unlockAdminMode(request: Request, context: AppLoadContext, password: string): Promise<AdminUnlockResult> {
  const attempts = [
    { limit: LIMITS.adminPerClient, subject: clientAddress(request) },
    { limit: LIMITS.adminGate, subject: "all" },
  ];
  if ((await countAttempts(context.db, attempts)).limited) return { ok: false, reason: "limited" };
  if (!(await secretsEqual(password, context.env.ADMIN_PASSWORD ?? ""))) return { ok: false, reason: "invalid" };
  const [setCookie] = await Promise.all([setAdminMode(request, context, true), refundAttempts(context.db, attempts)]);
  return setCookie ? { ok: true, setCookie } : { ok: false, reason: "invalid" };
}
