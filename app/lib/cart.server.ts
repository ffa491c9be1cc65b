import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { getUser } from "~/lib/auth.server";
import {
  countCartItems,
  countUserCartItems,
  createGuestCart,
  getOrCreateUserCartId,
  getUserCartId,
  isGuestCart,
  mergeCarts,
} from "~/models/cart.server";

const GUEST_CART_DAYS = 90;

function guestCartCookie(request: Request, context: AppLoadContext) {
  const { hostname } = new URL(request.url);
  return createCookie("cart", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: hostname !== "localhost" && hostname !== "127.0.0.1",
    maxAge: GUEST_CART_DAYS * 86_400,
    secrets: [context.env.SESSION_SECRET],
  });
}

async function guestCartId(request: Request, context: AppLoadContext) {
  const id = await guestCartCookie(request, context).parse(request.headers.get("Cookie"));
  return typeof id === "string" && (await isGuestCart(context.db, id)) ? id : null;
}

/** The visitor's cart id if they have one: the account's when signed in, else the cookie's. */
export async function findCartId(request: Request, context: AppLoadContext) {
  const user = await getUser(request, context);
  return user ? getUserCartId(context.db, user.id) : guestCartId(request, context);
}

/** The visitor's cart id, made on first use; a new guest cart comes with its cookie. */
export async function ensureCartId(request: Request, context: AppLoadContext) {
  const user = await getUser(request, context);
  if (user) return { cartId: await getOrCreateUserCartId(context.db, user.id), setCookie: null };
  const existing = await guestCartId(request, context);
  if (existing) return { cartId: existing, setCookie: null };
  const cartId = await createGuestCart(context.db);
  return { cartId, setCookie: await guestCartCookie(request, context).serialize(cartId) };
}

export async function cartItemCount(request: Request, context: AppLoadContext) {
  const user = await getUser(request, context);
  if (user) return countUserCartItems(context.db, user.id);
  const cartId = await guestCartId(request, context);
  return cartId ? countCartItems(context.db, cartId) : 0;
}

/** At sign-in the guest's cart joins the account's; returns the header that drops the cookie. */
export async function mergeGuestCartInto(request: Request, context: AppLoadContext, userId: string) {
  const guest = await guestCartId(request, context);
  if (!guest) return null;
  await mergeCarts(context.db, guest, await getOrCreateUserCartId(context.db, userId));
  return guestCartCookie(request, context).serialize("", { maxAge: 0 });
}
