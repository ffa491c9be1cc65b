import { createCookie } from "@remix-run/cloudflare";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, gt, lt } from "drizzle-orm";
import { sessions } from "../../db/schema";
import { SESSION_MAX_AGE_DAYS } from "~/lib/constants";

const DAY_MS = 86_400_000;
const MAX_AGE_MS = SESSION_MAX_AGE_DAYS * DAY_MS;
/** Sliding expiry is refreshed at most once a day, so reads stay reads. */
const REFRESH_AFTER_MS = DAY_MS;

export interface Session {
  id: string;
  userId: string | null;
  isAdmin: boolean;
  expiresAt: Date;
}

function sessionCookie(request: Request, context: AppLoadContext) {
  const { hostname } = new URL(request.url);
  const local = hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
  return createCookie("sid", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: !local,
    maxAge: SESSION_MAX_AGE_DAYS * 86_400,
    secrets: [context.env.SESSION_SECRET],
  });
}

/** The database keeps only a hash of the cookie's id: a leaked table opens no sessions. */
async function rowId(token: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const cache = new WeakMap<Request, Promise<Session | null>>();

/** The visitor's live session, or null. Looked up once per request. */
export function getSession(request: Request, context: AppLoadContext) {
  let pending = cache.get(request);
  if (!pending) {
    pending = readSession(request, context);
    cache.set(request, pending);
  }
  return pending;
}

async function readSession(request: Request, context: AppLoadContext): Promise<Session | null> {
  const token = await sessionCookie(request, context).parse(request.headers.get("Cookie"));
  if (typeof token !== "string" || !token) return null;
  const id = await rowId(token);
  const now = Date.now();
  const row = await context.db.query.sessions.findFirst({ where: and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now))) });
  if (!row) return null;
  if (row.expiresAt.getTime() - now < MAX_AGE_MS - REFRESH_AFTER_MS) {
    const expiresAt = new Date(now + MAX_AGE_MS);
    context.ctx.waitUntil(context.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)).then(() => undefined));
    row.expiresAt = expiresAt;
  }
  return { id: row.id, userId: row.userId, isAdmin: row.isAdmin, expiresAt: row.expiresAt };
}

/**
 * Starts a fresh session (a new id every time, so a planted cookie is worthless) and ends the
 * one the request came with. Returns the Set-Cookie header.
 */
export async function startSession(request: Request, context: AppLoadContext, values: { userId: string | null; isAdmin: boolean }) {
  const previous = await getSession(request, context);
  const token = newToken();
  const expiresAt = new Date(Date.now() + MAX_AGE_MS);
  const insert = context.db.insert(sessions).values({ id: await rowId(token), userId: values.userId, isAdmin: values.isAdmin, expiresAt });
  if (previous) await context.db.batch([insert, context.db.delete(sessions).where(eq(sessions.id, previous.id))]);
  else await insert;
  // Expired rows are useless; sweeping them at sign-in keeps the table small.
  context.ctx.waitUntil(context.db.delete(sessions).where(lt(sessions.expiresAt, new Date())).then(() => undefined));
  return sessionCookie(request, context).serialize(token);
}

/** Ends the session: the row is deleted, so a copied cookie is useless afterwards. */
export async function endSession(request: Request, context: AppLoadContext) {
  const session = await getSession(request, context);
  if (session) await context.db.delete(sessions).where(eq(sessions.id, session.id));
  return sessionCookie(request, context).serialize("", { maxAge: 0 });
}

export async function setSessionAdmin(context: AppLoadContext, session: Session, isAdmin: boolean) {
  await context.db.update(sessions).set({ isAdmin }).where(eq(sessions.id, session.id));
}
