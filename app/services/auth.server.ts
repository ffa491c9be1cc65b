import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { TRUSTED_DEVICE_DAYS, TRUSTED_DEVICES_KEPT } from "~/lib/constants";
import { COOKIE_NAMES, readCookie, signedCookie } from "~/lib/cookies";
import { clientAddress } from "~/lib/http";
import { secretsEqual } from "~/lib/password.server";
import { isAdministrator, type Actor } from "~/lib/permissions";
import { clearAttempts, countAttempts, LIMITS, refundAttempts, type Attempt, type Limit } from "~/models/rate-limits.server";
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
async function signInAs(request: Request, context: AppLoadContext, userId: string) {
  const previous = await getSession(request, context);
  const setCookie = await startSession(request, context, { userId, isAdmin: previous?.isAdmin ?? false });
  if (!setCookie) return null;
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  const dropCartCookie = await mergeGuestCartInto(request, context, userId);
  if (dropCartCookie) headers.append("Set-Cookie", dropCartCookie);
  return headers;
}

// Protection after OWASP's device cookies, for sign-in and the admin gate alike: a client that
// got through before (signed in to an account, unlocked the gate) carries a signed cookie naming
// what it passed, and keeps a budget of its own that failures from elsewhere never spend. Other
// clients are limited per account or gate and per address, so an attacker can lock out only
// untrusted clients, never the owner on their own device (DECISIONS 23).

type TrustedDevice = { account: string; nonce: string };

function deviceCookie(request: Request, context: AppLoadContext) {
  return signedCookie(context.local, COOKIE_NAMES.device, context.env.SESSION_SECRET, { maxAge: TRUSTED_DEVICE_DAYS * 86_400 });
}

/** What the cookie names for a guarded thing (an account's e-mail, or the gate): a hash, never the address. */
async function deviceKey(guarded: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`device:${guarded}`));
  return btoa(String.fromCharCode(...new Uint8Array(digest))).slice(0, 22);
}

async function trustedDevices(request: Request, context: AppLoadContext): Promise<TrustedDevice[]> {
  const value = await readCookie(deviceCookie(request, context), request);
  if (!Array.isArray(value)) return [];
  return value
    .filter((d): d is TrustedDevice => typeof d?.account === "string" && typeof d?.nonce === "string")
    .slice(0, TRUSTED_DEVICES_KEPT);
}

/** A thing guarded by a secret: the limit of a device that got through before, and the limits of every other client. */
interface DeviceGuard {
  /** An account's e-mail address, or a name that is not one (the admin gate). */
  guarded: string;
  perDevice: Limit;
  elsewhere: Attempt[];
}

/**
 * Counts one try against the guard's limits before the secret is checked, so tries that arrive
 * together cannot pass them: against the device's own budget when it got through before, else
 * against the limits of every other client. `passed` is called once the secret matched: the try
 * is taken back (a trusted device's budget starts again) and the answer's cookie trusts this client.
 */
async function countTryByDevice(request: Request, context: AppLoadContext, guard: DeviceGuard) {
  const { db } = context;
  const [devices, account] = await Promise.all([trustedDevices(request, context), deviceKey(guard.guarded)]);
  const device = devices.find((d) => d.account === account);
  const { limited } = await countAttempts(db, device ? [{ limit: guard.perDevice, subject: device.nonce }] : guard.elsewhere);
  async function passed() {
    await (device ? clearAttempts(db, guard.perDevice, device.nonce) : refundAttempts(db, guard.elsewhere));
    const kept = [device ?? { account, nonce: crypto.randomUUID() }, ...devices.filter((d) => d.account !== account)];
    return deviceCookie(request, context).serialize(kept.slice(0, TRUSTED_DEVICES_KEPT));
  }
  return { limited, passed };
}

export type SignInResult = { ok: true; headers: Headers } | { ok: false; reason: "limited" | "invalid" };

/** Checks the password under the sign-in limits and, when it matches, starts the member's session. */
export async function signInWithPassword(request: Request, context: AppLoadContext, form: FormData, email: string): Promise<SignInResult> {
  const { db } = context;
  const attempt = await countTryByDevice(request, context, {
    guarded: email,
    perDevice: LIMITS.signInPerDevice,
    elsewhere: [
      { limit: LIMITS.signInPerEmail, subject: email },
      { limit: LIMITS.signInPerClient, subject: clientAddress(request) },
    ],
  });
  if (attempt.limited) return { ok: false, reason: "limited" };

  // The strategy reads the body itself; it gets a copy of the form already read, never a clone.
  const body = new URLSearchParams([...form].filter((e): e is [string, string] => typeof e[1] === "string"));
  let user: User;
  try {
    user = await authenticator(context).authenticate("form", new Request(request.url, { method: "POST", body }));
  } catch (error) {
    if (!(error instanceof InvalidCredentialsError)) throw error;
    return { ok: false, reason: "invalid" };
  }

  // The owner got in: the account's failures from elsewhere are forgotten.
  const [headers, trustCookie] = await Promise.all([
    signInAs(request, context, user.id),
    attempt.passed(),
    clearAttempts(db, LIMITS.signInPerEmail, email),
  ]);
  // Suspended after the password matched: answered as any refused sign-in is.
  if (!headers) return { ok: false, reason: "invalid" };
  headers.append("Set-Cookie", trustCookie);
  return { ok: true, headers };
}

export type AdminUnlockResult = { ok: true; headers: Headers } | { ok: false; reason: "limited" | "invalid" };

/** What the admin gate's device cookie entry guards: no e-mail address has this name. */
const ADMIN_GATE = "admin gate";

/**
 * The admin gate: the Worker secret, compared in constant time, under the same device rule as
 * sign-in. A client that unlocked the gate before has its own budget; any other is limited per
 * address and for the gate as a whole, so addresses that rotate can close the gate to strangers
 * but never to the admin's own browser. A match puts the visitor's session in admin mode under a
 * new id, and trusts the client.
 */
export async function unlockAdminMode(request: Request, context: AppLoadContext, password: string): Promise<AdminUnlockResult> {
  const attempt = await countTryByDevice(request, context, {
    guarded: ADMIN_GATE,
    perDevice: LIMITS.adminPerDevice,
    elsewhere: [
      { limit: LIMITS.adminPerClient, subject: clientAddress(request) },
      { limit: LIMITS.adminGate, subject: "all" },
    ],
  });
  if (attempt.limited) return { ok: false, reason: "limited" };
  if (!(await secretsEqual(password, context.env.ADMIN_PASSWORD ?? ""))) return { ok: false, reason: "invalid" };
  const [adminCookie, trustCookie] = await Promise.all([setAdminMode(request, context, true), attempt.passed()]);
  if (!adminCookie) return { ok: false, reason: "invalid" };
  const headers = new Headers();
  headers.append("Set-Cookie", adminCookie);
  headers.append("Set-Cookie", trustCookie);
  return { ok: true, headers };
}
