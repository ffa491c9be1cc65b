import type { AppLoadContext } from "@remix-run/cloudflare";
import { SESSION_MAX_AGE_DAYS } from "~/lib/constants";
import { guestCartCookie, readCookie, sessionCookie } from "~/lib/cookies";
import { deleteSession, extendSession, findViewer, replaceSession, type Viewer } from "~/models/sessions.server";

const DAY_MS = 86_400_000;
const MAX_AGE_MS = SESSION_MAX_AGE_DAYS * DAY_MS;
/** Sliding expiry is refreshed at most once a day, so reads stay reads. */
const REFRESH_AFTER_MS = DAY_MS;

/** The database keeps only a hash of the cookie's id: a leaked table opens no sessions. */
async function rowId(token: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

function newToken() {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
// Cart ids are UUIDs (or 32 hex digits); anything else cannot be ours.
const CART_ID = /^[0-9a-f-]{32,36}$/;

interface RequestState {
  viewer: Viewer;
  guestCartId: string | null;
}

const states = new WeakMap<object, Promise<RequestState>>();

/**
 * Who is asking, read once per request in a single query: the live session, its member and
 * their cart's item count, plus the guest cart the cookie names while it belongs to nobody.
 * Remix hands each loader of a page its own copy of the request, so the page's loaders share the
 * read through the request's context (one per request); an action reads its own, since what it
 * writes (a sign-out, the cart) may change what the loaders after it must show.
 */
export function readRequestState(request: Request, context: AppLoadContext) {
  const key = request.method === "GET" || request.method === "HEAD" ? context : request;
  let pending = states.get(key);
  if (!pending) {
    pending = loadRequestState(request, context);
    states.set(key, pending);
  }
  return pending;
}

async function loadRequestState(request: Request, context: AppLoadContext): Promise<RequestState> {
  const [token, cart] = await Promise.all([
    readCookie(sessionCookie(request, context.env.SESSION_SECRET), request),
    readCookie(guestCartCookie(request, context.env.SESSION_SECRET), request),
  ]);
  const sessionId = typeof token === "string" && TOKEN.test(token) ? await rowId(token) : null;
  const cartId = typeof cart === "string" && CART_ID.test(cart) ? cart : null;
  if (!sessionId && !cartId)
    return {
      viewer: { session: null, user: null, cartCount: 0, inboxUnread: 0, notificationsUnread: 0, firstVisit: false },
      guestCartId: null,
    };
  const { viewer, guestCartValid } = await findViewer(context.db, sessionId, cartId);
  const { session } = viewer;
  if (session && session.expiresAt.getTime() - Date.now() < MAX_AGE_MS - REFRESH_AFTER_MS) {
    session.expiresAt = new Date(Date.now() + MAX_AGE_MS);
    context.ctx.waitUntil(extendSession(context.db, session.id, session.expiresAt));
  }
  return { viewer, guestCartId: guestCartValid ? cartId : null };
}

/** The visitor's live session, or null. */
export async function getSession(request: Request, context: AppLoadContext) {
  return (await readRequestState(request, context)).viewer.session;
}

/**
 * Starts a fresh session (a new id every time, so a planted or stolen pre-login cookie is
 * worthless) and ends the one the request came with. Used at every change of privilege:
 * signing in, entering and leaving admin mode. Returns the Set-Cookie header, or null when the
 * member was suspended meanwhile (the insert refuses them; the request's session stays).
 */
export async function startSession(request: Request, context: AppLoadContext, values: { userId: string | null; isAdmin: boolean }) {
  const previous = await getSession(request, context);
  const token = newToken();
  const started = await replaceSession(context.db, previous?.id ?? null, {
    id: await rowId(token),
    ...values,
    expiresAt: new Date(Date.now() + MAX_AGE_MS),
  });
  return started ? sessionCookie(request, context.env.SESSION_SECRET).serialize(token) : null;
}

/** Ends the session: the row is deleted, so a copied cookie is useless afterwards. */
export async function endSession(request: Request, context: AppLoadContext) {
  const session = await getSession(request, context);
  if (session) await deleteSession(context.db, session.id);
  return sessionCookie(request, context.env.SESSION_SECRET).serialize("", { maxAge: 0 });
}

/** Admin mode on or off, always under a new session id; null when there is nothing to change (or the member was suspended). */
export async function setAdminMode(request: Request, context: AppLoadContext, isAdmin: boolean) {
  const session = await getSession(request, context);
  if (!isAdmin && !session?.isAdmin) return null;
  if (!isAdmin && !session?.userId) return endSession(request, context);
  return startSession(request, context, { userId: session?.userId ?? null, isAdmin });
}
