import { json, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { FORUM_PLANS } from "~/lib/constants";
import { getSession } from "~/lib/session.server";
import { getUserById, verifyLogin, type User } from "~/models/users.server";

/** Thrown by the form strategy when the e-mail and password do not match. */
export class InvalidCredentialsError extends Error {}

/** remix-auth with the form strategy; built per request because it needs the request's database. */
export function authenticator(context: AppLoadContext) {
  return new Authenticator<User>().use(
    new FormStrategy(async ({ form }) => {
      const email = String(form.get("email") ?? "").trim().toLowerCase();
      const user = await verifyLogin(context.db, email, String(form.get("password") ?? ""));
      if (!user) throw new InvalidCredentialsError();
      return user;
    }),
    "form",
  );
}

const users = new WeakMap<Request, Promise<User | null>>();

/** The signed-in user, or null. */
export function getUser(request: Request, context: AppLoadContext) {
  let pending = users.get(request);
  if (!pending) {
    pending = getSession(request, context).then((s) => (s?.userId ? getUserById(context.db, s.userId) : null));
    users.set(request, pending);
  }
  return pending;
}

/** Admin mode: a session unlocked with the admin password, or a profile whose plan is admin. */
export async function isAdmin(request: Request, context: AppLoadContext) {
  const [session, user] = await Promise.all([getSession(request, context), getUser(request, context)]);
  return !!session?.isAdmin || user?.plan === "admin";
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

/** Any plan but free (DECISIONS 20: premium, professional, enterprise, and admin). */
export async function requirePaidMember(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  if (user.plan === "free") throw json(null, { status: 403 });
  return user;
}

export async function requireForumAccess(request: Request, context: AppLoadContext) {
  const [user, admin] = await Promise.all([getUser(request, context), isAdmin(request, context)]);
  if (admin || (user && FORUM_PLANS.includes(user.plan))) return { user, admin };
  throw json(null, { status: 403 });
}

/** Admin screens: without admin mode the visitor is sent to the admin login, then back. */
export async function requireAdmin(request: Request, context: AppLoadContext) {
  if (!(await isAdmin(request, context))) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(here(request))}`);
  return getUser(request, context);
}
