import type { AppLoadContext } from "@remix-run/cloudflare";
import { guestCartCookie } from "~/lib/cookies";
import { addToCart, createGuestCart, getOrCreateUserCartId, getUserCartId, mergeCarts } from "~/models/cart.server";
import { getProduct } from "~/models/products.server";
import { readRequestState } from "~/services/session.server";

/** The visitor's cart id if they have one: the account's when signed in, else the cookie's. */
export async function findCartId(request: Request, context: AppLoadContext) {
  const { viewer, guestCartId } = await readRequestState(request, context);
  return viewer.user ? getUserCartId(context.db, viewer.user.id) : guestCartId;
}

/** The visitor's cart id, made on first use; a new guest cart comes with its cookie. */
async function ensureCartId(request: Request, context: AppLoadContext) {
  const { viewer, guestCartId } = await readRequestState(request, context);
  if (viewer.user) return { cartId: await getOrCreateUserCartId(context.db, viewer.user.id), setCookie: null };
  if (guestCartId) return { cartId: guestCartId, setCookie: null };
  const cartId = await createGuestCart(context.db);
  return { cartId, setCookie: await guestCartCookie(request, context.env.SESSION_SECRET).serialize(cartId) };
}

/** At sign-in the guest's cart joins the account's; returns the header that drops the cookie. */
export async function mergeGuestCartInto(request: Request, context: AppLoadContext, userId: string) {
  const { guestCartId } = await readRequestState(request, context);
  if (!guestCartId) return null;
  await mergeCarts(context.db, guestCartId, await getOrCreateUserCartId(context.db, userId));
  return guestCartCookie(request, context.env.SESSION_SECRET).serialize("", { maxAge: 0 });
}

/**
 * Add to Cart for whoever is asking. The product is checked before any cart is made, so a
 * refused request (an unknown product) writes nothing, not even an empty guest cart.
 */
export async function addToVisitorCart(request: Request, context: AppLoadContext, productId: number) {
  if (!(await getProduct(context.db, productId))) return { ok: false, error: "notFound", setCookie: null } as const;
  const { cartId, setCookie } = await ensureCartId(request, context);
  return { ...(await addToCart(context.db, cartId, productId)), setCookie };
}
